import { paths } from "../../src/config/paths";
import { displayProductName } from "../../src/domain/products/product-name";
import { DEMO_REQUESTS, DEMO_SHOP_1, DEMO_SHOP_2 } from "../seed/demo-data";

// The pages `npm run bench:content` measures, who is signed in for each, and the element that shows
// the signed-in user's own data on it (from the screens in src/features and the demo data).

export type ContentRole = "visitor" | "buyer" | "merchant";

/** What the page waits for: a visible element matching `selector` whose text holds one of `texts`. */
export interface ContentTarget {
  selector: string;
  /** Undefined: any non-empty text (a chat message's text, the reference page's heading). */
  texts?: readonly string[];
}

export interface ContentPage {
  id: string;
  role: ContentRole;
  /** The path, or `conversation`: the buyer's first conversation, found after signing in. */
  path: string | "conversation";
  /** What is waited for, in words (the table). */
  data: string;
  target: ContentTarget;
  /** The conversation: measured as opened for the first time on the device (no chat preview kept). */
  firstOpen?: boolean;
}

/** Every product name of the demo marketplace (the buyer's own requests, and the neighbour's). */
const PRODUCT_NAMES = Object.values(DEMO_REQUESTS).map((request) => displayProductName(request.productName));
/** The buyer's own requests (the neighbour's are not on her pages). */
const BUYER_PRODUCT_NAMES = Object.entries(DEMO_REQUESTS)
  .filter(([key]) => !["jacket", "tyres", "backpack"].includes(key))
  .map(([, request]) => displayProductName(request.productName));
const SHOP_NAMES = [DEMO_SHOP_1, DEMO_SHOP_2].flatMap((shop) =>
  [shop.businessName, shop.displayName].filter((name): name is string => Boolean(name)),
);

/** The reference: `/` signed out, to its main heading. A slow host shows up as a slow reference. */
export const REFERENCE_PAGE: ContentPage = {
  id: "home",
  role: "visitor",
  path: paths.home.path,
  data: "the main heading (reference)",
  target: { selector: "main h1" },
};

export const CONTENT_PAGES: readonly ContentPage[] = [
  {
    id: "customer",
    role: "buyer",
    path: paths.customerDashboard.path,
    data: "a request title of the buyer's",
    target: { selector: 'h3[id^="request-"]', texts: BUYER_PRODUCT_NAMES },
  },
  {
    id: "requests",
    role: "buyer",
    path: paths.requests.path,
    data: "a request title of the buyer's",
    target: { selector: 'h3[id^="request-"]', texts: BUYER_PRODUCT_NAMES },
  },
  {
    id: "messages",
    role: "buyer",
    path: paths.messages.path,
    data: "a conversation row (the shop's name)",
    target: { selector: 'a[href^="/messages/"]', texts: SHOP_NAMES },
  },
  {
    id: "conversation",
    role: "buyer",
    path: "conversation",
    data: "a chat message's text (first open on the device)",
    target: { selector: '[role="log"] li p.whitespace-pre-wrap' },
    firstOpen: true,
  },
  {
    id: "merchant",
    role: "merchant",
    path: paths.merchantDashboard.path,
    data: "a nearby request or a latest offer",
    target: { selector: "main li", texts: PRODUCT_NAMES },
  },
  {
    id: "browse",
    role: "merchant",
    path: paths.browse.path,
    data: "a feed card's title",
    target: { selector: "li h2", texts: PRODUCT_NAMES },
  },
];
