import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRouteTable, readRouteTable } from "./route-table.mjs";

describe("the size budget's route table", () => {
  it("reads pages and routes from the syntax tree, however they are formatted", () => {
    const compact = `const Shop = page(() => import("@/features/shops/shop-page").then((m) => m.ShopPage));
      const routes = [{ path: paths.shop.path, access: "signedIn", element: <Shop /> }];`;
    const spread = `const Shop = page(
        () =>
          import(
            "@/features/shops/shop-page"
          ).then((module) => module.ShopPage),
      );
      const routes = [
        {
          element: <Shop />,
          access: "signedIn",
          shell: <ShopShell />,
          path: paths.shop.path,
        },
      ];`;
    for (const source of [compact, spread]) {
      const { lazyPages, routes } = parseRouteTable(source);
      expect([...lazyPages]).toEqual([["Shop", "@/features/shops/shop-page"]]);
      expect(routes).toEqual([{ key: "shop", access: "signedIn", element: "Shop" }]);
    }
  });

  it("finds every route of the app with its path, marketing pages without a lazy page", async () => {
    const table = await readRouteTable(resolve(import.meta.dirname, "../.."));
    expect(table.find((route) => route.path === "/")).toEqual({
      path: "/",
      access: "public",
      page: undefined,
    });
    expect(table.find((route) => route.path === "/browse")?.page).toBe("src/features/browse/browse-page.tsx");
    expect(new Set(table.map((route) => route.path)).size).toBe(table.length);
  });
});
