import type { QueryClient } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { newsKey } from "@/lib/news";

/**
 * One snapshot of the header's unread counts (src/lib/news.ts) as the app gets it: in a task of its own,
 * so the screens see each snapshot (react-query batches what one task sets).
 */
export async function tellNews(client: QueryClient, uid: string, counts: unknown): Promise<void> {
  await act(async () => {
    client.setQueryData(newsKey(uid), counts);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
