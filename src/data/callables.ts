import { httpsCallable } from "firebase/functions";
import type { z } from "zod";
import { getFunctionsInstance } from "./firebase";

/**
 * The one wrapper of the app's callables (architecture §2; functions/src). The input is checked with
 * the domain schema before the call and the answer after it, with the same schemas the function uses;
 * failures keep the HttpsError's code and Italian message (src/domain/boundary/errors.ts maps them).
 */
export function callable<I extends z.ZodType, O extends z.ZodType>(
  name: string,
  input: I,
  output: O,
): (data: z.input<I>) => Promise<z.output<O>> {
  return async (data) => {
    const parsed = input.parse(data);
    const call = httpsCallable<unknown, unknown>(await getFunctionsInstance(), name);
    const { data: answer } = await call(parsed);
    return output.parse(answer);
  };
}
