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
      expect(routes.map(({ key, access, element }) => ({ key, access, element }))).toEqual([
        { key: "shop", access: "signedIn", element: "Shop" },
      ]);
    }
    expect(parseRouteTable(compact).routes[0]?.shell).toBeUndefined();
    expect(parseRouteTable(spread).routes[0]?.shell).toBe("ShopShell");
  });

  it("reads a page's lazy frame, apart from its lazy page (one that reads data or not)", () => {
    const { lazyPages, lazyShells } = parseRouteTable(`
      const Shop = page(() => import("@/features/shops/shop-page").then((m) => m.ShopPage));
      const Privacy = plain(() => import("@/features/legal/legal-pages").then((m) => m.PrivacyPage));
      const ShopShell = shell(() => import("@/features/shops/components/shop-shell").then((m) => m.ShopShell));`);
    expect([...lazyPages]).toEqual([
      ["Shop", "@/features/shops/shop-page"],
      ["Privacy", "@/features/legal/legal-pages"],
    ]);
    expect([...lazyShells]).toEqual([["ShopShell", "@/features/shops/components/shop-shell"]]);
  });

  it("finds every route of the app with its path, its lazy page and frame (the landing in the entry)", async () => {
    const table = await readRouteTable(resolve(import.meta.dirname, "../.."));
    expect(table.find((route) => route.path === "/")).toEqual({
      path: "/",
      access: "public",
      page: undefined,
      shell: undefined,
    });
    expect(table.find((route) => route.path === "/browse")).toMatchObject({
      page: "src/features/browse/browse-page.tsx",
      shell: "src/features/browse/components/browse-shell.tsx",
    });
    expect(table.find((route) => route.path === "/acquirenti")?.page).toBe(
      "src/features/marketing/buyers-page.tsx",
    );
    expect(new Set(table.map((route) => route.path)).size).toBe(table.length);
  });
});
