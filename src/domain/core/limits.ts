/** Business constants and limits of spec §9 (and a few of architecture §4-§5). One place only. */

// Auth and session
export const PASSWORD_MIN_LENGTH = 6;
/** The session falls back to a default user if users/{uid} has not arrived by then (spec §4). */
export const USER_DOC_TIMEOUT_MS = 5000;
/** While a new account's users document is on its way, how often the session reads it again. */
export const USER_DOC_RETRY_MS = 400;
/**
 * Background live listeners (the header's badges, a page's updates after its first read, the user
 * document) start at the first touch, click or key, or this long after the page has loaded, whichever
 * comes first: the full Firestore SDK they need is then loaded and evaluated after the first paint.
 */
export const LIVE_START_DELAY_MS = 5000;
/** Toast duration in the sign-up flow; the marketplace flow uses TOAST_DEFAULT_DURATION_MS (toast.ts). */
export const SIGNUP_TOAST_DURATION_MS = 5000;

// Redirect delays (spec §9)
export const REDIRECT_AFTER_LOGIN_MS = 1000;
export const REDIRECT_AFTER_MAGIC_LINK_MS = 2000;
export const REDIRECT_AFTER_REQUEST_CREATED_MS = 2000;

// Lists and dashboards
/** Page size of a request query. */
export const REQUEST_QUERY_LIMIT = 50;
/** The chat shows the newest this-many messages live and loads older ones this-many at a time. */
export const MESSAGE_PAGE_SIZE = REQUEST_QUERY_LIMIT;
export const CUSTOMER_DASHBOARD_REQUESTS = 4;
export const CUSTOMER_DASHBOARD_OFFERS_PER_REQUEST = 2;
export const MERCHANT_DASHBOARD_OFFERS = 4;
/** The merchant dashboard cuts a request address to this many characters. */
export const MERCHANT_DASHBOARD_ADDRESS_CHARS = 30;

// Geography
export const EARTH_RADIUS_KM = 6371;
/** Milano centre (spec §2): the position given to whoever has none yet. */
export const DEFAULT_LOCATION = { address: "Milano", lat: 45.4642, lng: 9.19 } as const;
/** A merchant without a shop position sees the feed around this point. */
export const DEFAULT_MERCHANT_LOCATION = DEFAULT_LOCATION;
/**
 * Publishing default of a request's action radius: what Algo tells the buyer (offline and in Gemini's
 * prompt), what the summary card shows and what a request goes out with unless the buyer changes it.
 * The spec's separate 5 km "in the prompt" told buyers one radius and published another.
 */
export const DEFAULT_ACTION_RADIUS_KM = 10;
/** Firestore `in` accepts at most 30 values: the feed's geohash cells must fit. */
export const MAX_GEO_QUERY_CELLS = 30;

// Caches
/**
 * A screen that always reads afresh on mount skips that read when its data arrived this recently: the
 * early read the route gate started while the session was loading (src/app/route-access.tsx).
 */
export const JUST_READ_MS = 3000;

/**
 * A page's first read over REST (src/lib/first-read.ts) is handed to the page only this soon after it
 * started: the page load it was started for; later the page reads through the SDK.
 */
export const FIRST_READ_MAX_AGE_MS = 15_000;

/**
 * On a page opened on the session the device kept, Firebase Auth's engine loads once the page's reads
 * over REST have answered, and at most this long after the page has painted.
 */
export const KEPT_SESSION_ENGINE_WAIT_MS = 3_000;

/**
 * The ID token this device kept (src/data/device-session.ts) is used before Firebase has loaded only
 * with at least this much of its hour left: the read, and its fallback, finish while it is valid.
 */
export const KEPT_TOKEN_MIN_VALIDITY_MS = 2 * 60 * 1000;

/**
 * A page's first snapshot of the user's unread counts: counted this long before the page began reading
 * (or later), they may be news its reads missed (src/lib/news.ts). Covers the route's prefetch starting
 * the reads a moment before the screen mounts, and a phone's clock a few seconds off the server's; no
 * more, or every load soon after a change would read its screens twice.
 */
export const NEWS_FIRST_SNAPSHOT_MARGIN_MS = 5_000;
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const TOKEN_BALANCE_CACHE_MS = 5 * 60 * 1000;

// AI
/** A cached AI response is reused only above (strictly) this success rate. */
export const CACHE_REUSE_MIN_SUCCESS_RATE = 0.7;
/** The cache key keeps this many characters of the context. */
export const CACHE_KEY_CONTEXT_LENGTH = 50;
export const MAX_PREFERRED_CATEGORIES = 5;
export const MAX_TOP_SEARCH_TERMS = 10;
export const MAX_KEYWORDS = 10;
/** Algo proposes publishing at about this share of the information. */
export const ALGO_PUBLISH_THRESHOLD = 0.7;
/** With this many collected fields the create page says the request is almost complete. */
export const ALGO_ALMOST_COMPLETE_FIELDS = 4;

// Camera (spec §7)
export const CAMERA_IDEAL_WIDTH = 1280;
export const CAMERA_IDEAL_HEIGHT = 720;
export const CAMERA_JPEG_QUALITY = 0.8;

// Magic links (architecture §5)
export const MAGIC_LINK_TOKEN_BYTES = 32;
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

// Field lengths (ours: the spec gives none; generous, but they bound what clients may write)
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const SHORT_TEXT_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 200;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/**
 * This device keeps a copy of the last this-many opened conversations, with their newest this-many
 * messages, to paint a chat at once when it is opened again (src/lib/chat-preview.ts).
 */
export const CHAT_PREVIEW_MAX_CHATS = 3;
export const CHAT_PREVIEW_MAX_MESSAGES = 20;
export const FEEDBACK_MAX_LENGTH = 1000;
/** A shop's answer to a review (people/review-answer.ts; firestore.rules mirrors it). */
export const REVIEW_ANSWER_MAX_LENGTH = 600;
export const ALGO_MESSAGE_MAX_LENGTH = 2000;
/** Base64 JPEG sent to algoChat: about 5 MB of image. */
export const ALGO_IMAGE_BASE64_MAX_LENGTH = 7_000_000;
/** Upper bound of budgets and prices, in euro. */
export const MAX_AMOUNT_EUR = 1_000_000;
/**
 * What the shop may dictate to Leonardo at once ('Detta l'offerta', dictateOffer): a spoken offer is a
 * few sentences; the cap bounds what the extractor and Gemini are sent, checked before any charge.
 */
export const DICTATION_MAX_LENGTH = 1000;

// Merchant journey (ours: the spec sets no number for these)
/** "Requests in your zone" on the merchant dashboard: this radius around the shop… */
export const MERCHANT_ZONE_RADIUS_KM = 10;
/** …counted exactly up to this many (then shown as "50+": counting means reading). */
export const MERCHANT_ZONE_COUNT_CAP = 50;
/** Nearby requests listed on the merchant dashboard. */
export const MERCHANT_DASHBOARD_NEARBY_REQUESTS = 5;
/**
 * Products a shop keeps in its catalogue ('Il tuo catalogo'): the rules allow exactly this many slots
 * (product ids 'p00'-'p99', firestore.rules), and the feed reads them all to find matches.
 */
export const MAX_CATALOGUE_PRODUCTS = 100;
/** Rows one CSV import may hold (a header and up to the catalogue's size). */
export const MAX_CATALOGUE_CSV_BYTES = 200_000;
/** Radius the browse page starts with. */
export const DEFAULT_BROWSE_RADIUS_KM = 10;
/** Requests per page of the merchant feed (the bench's page). */
export const FEED_PAGE_SIZE = 20;
/** Offers per page on /offers. */
export const MERCHANT_OFFERS_PAGE_SIZE = 20;
/** A request takes at most this many pending offers at once (submitOffer). */
export const MAX_OPEN_OFFERS_PER_REQUEST = 20;
/** A buyer's rating enters a shop's average at most once in this span (completeTransaction). */
export const RATING_COOLDOWN_MS = 30 * 24 * 60 * 60 * 1000;

// AI cache sharing (ours: the spec sets only the 0.7 threshold)
/** A cached reply reaches other users only once this many distinct users published after it. */
export const CACHE_REUSE_MIN_DISTINCT_USERS = 2;
/** Users an ai_cache entry remembers (as hashes); past that its success rate is settled. */
export const CACHE_MAX_TRACKED_USERS = 50;
/** Entries of one cache key looked at, best success rate first, for a reusable one. */
export const CACHE_LOOKUP_CANDIDATES = 5;

// Gemini cost (ours: the spec sets no number for these)
/** Output ceiling of one Algo reply (JSON with a message of at most 2,000 characters). */
export const ALGO_MAX_OUTPUT_TOKENS = 1024;
/** Output ceiling of one Leonardo offer description (at most 5 sentences). */
export const OFFER_DESCRIPTION_MAX_OUTPUT_TOKENS = 512;
/** Thinking tokens per call: none, the replies are extraction and short prose (Pro models: their minimum). */
export const ALGO_THINKING_BUDGET = 0;
export const OFFER_DESCRIPTION_THINKING_BUDGET = 0;
/** Output ceiling of one dictated offer read by Gemini (JSON: the fields and a short description). */
export const DICTATION_MAX_OUTPUT_TOKENS = 768;
/** Characters of earlier turns sent with an Algo call (the newest kept, about 3,000 tokens). */
export const ALGO_HISTORY_MAX_CHARS = 12_000;
/** A photo sent to Algo, decoded: the app sends JPEGs of at most 1280 px, well below this. */
export const ALGO_IMAGE_MAX_BYTES = 1_500_000;
/** Algo turns a user may take per day (Europe/Rome calendar day), whatever their tokens. */
export const ALGO_DAILY_TURN_CAP = 60;
/**
 * The same cap for an account whose e-mail is not proven: anyone can make such accounts in bulk, and
 * each Algo turn may call the model, so they get a quarter of it until the address is proven.
 */
export const ALGO_DAILY_TURN_CAP_UNPROVEN = 15;
/** Failed Algo turns refunded per user per day; past it Algo refuses turns until the next day. */
export const ALGO_DAILY_REFUND_CAP = 5;

// Requests: publishing floods and location privacy (ours: the spec sets no number for these)
/** Active requests a buyer may have at once: algoChat publishes no more until one closes. */
export const MAX_ACTIVE_REQUESTS_PER_BUYER = 5;
/** New requests a buyer may publish per Europe/Rome calendar day. */
export const MAX_REQUESTS_PER_DAY = 10;
/**
 * What other users read of a request's position is snapped to a grid of this step in degrees:
 * 0.01° is ~1.1 km north-south and ~0.8 km east-west at Italian latitudes (geo-privacy.ts).
 */
export const PUBLIC_POSITION_GRID_DEG = 0.01;

// A request's life (issue: requests expire unless renewed; ours where the spec is silent)
/** A published (or renewed) request takes offers for this long, then the daily sweep expires it. */
export const REQUEST_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** An active request may be renewed once its expiry is this close ('Scade tra 2 giorni'). */
export const REQUEST_RENEW_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;
/** An expired request may be renewed for this long after it expired; later the buyer publishes anew. */
export const REQUEST_RENEW_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** Requests (each with its pending offers) the expiry sweep handles per query page. */
export const REQUEST_EXPIRY_PAGE = 100;

// Scheduled sweeps (functions/src/lib/sweep-pages.ts; ours, sized for the national model of docs/scale.md)
/** Documents one query page of a sweep reads (its limit); the next page starts after the last one read. */
export const SWEEP_PAGE_SIZE = 200;
/**
 * A sweep starts no new page after this long and leaves the rest to its next run (every sweep is
 * idempotent): well inside the scheduled jobs' 540 s timeout (functions/src/lib/sizing.ts), leaving a
 * page's work and the e-mails it started time to finish.
 */
export const SWEEP_TIME_BUDGET_MS = 6 * 60 * 1000;

/** A deploy smoke run the script could not delete goes after a day (TTL on smokeRuns). */
export const SMOKE_RUN_TTL_MS = 24 * 60 * 60 * 1000;
/** Documents of one page a sweep works on at once (transactions, e-mails, deletions). */
export const SWEEP_CONCURRENCY = 10;
/** Closed requests the retention sweep deletes per page, each with its offers, chats and messages. */
export const RETENTION_PAGE_SIZE = 50;
/** Offers or conversations of one request read per page while deleting it. */
export const RETENTION_CHILD_PAGE_SIZE = 100;

// Profile syncs (ours: the spec sets no number for these)
/**
 * syncProfile rewrites of one user's public profile per window. A sync that changes nothing writes
 * nothing and is not counted; generous enough that a name change always reaches the profile (which
 * messages' senderName must match) unless the user keeps changing it.
 */
export const PROFILE_SYNCS_PER_WINDOW = 20;
export const PROFILE_SYNC_WINDOW_MS = 60 * 60 * 1000;

/** Shops read per page of a request's fan-out (shop-reach.ts): one batch of digest-inbox writes each. */
export const FANOUT_SHOP_PAGE = 300;
/** How long a digest inbox document is kept after its hour (Firestore TTL on expireAt): two days. */
export const DIGEST_INBOX_TTL_MS = 2 * 24 * 60 * 60 * 1000;

/** exportMyData reads every document of the user: at most this many exports per user an hour. */
export const DATA_EXPORTS_PER_HOUR = 5;
/** setBlock (block or unblock) calls per user an hour: a person blocks a few, not hundreds. */
export const BLOCK_CHANGES_PER_HOUR = 30;
/**
 * priceGuidance calls per account an hour (functions/src/market/price-guidance.ts): the buyer's form asks
 * once per product and place, the offer form once per price typed (600 ms after typing stops, cached 5
 * minutes), so a busy shop answering a request every few minutes stays well under it; a script probing
 * prices or places stops here.
 */
export const PRICE_GUIDANCE_CALLS_PER_HOUR = 60;
/**
 * E-mails asked for one address from one client address (magic links, /api/send-email) per 15 minutes,
 * and from one client address over all addresses per hour. A mobile carrier puts thousands of phones
 * behind one IPv4 address (CGNAT), so an IPv4 address alone gets a ceiling far above what one person
 * asks; an IPv6 /64 is one subscriber's, so it keeps the low one.
 */
export const EMAILS_PER_ADDRESS_AND_CLIENT = 5;
export const EMAILS_PER_IPV4_PER_HOUR = 600;
export const EMAILS_PER_IPV6_PREFIX_PER_HOUR = 30;
/**
 * Tries of a new account's welcome (POST /api/send-email from the browser) when the endpoint failed
 * (a 5xx or no answer), and the pause before the next one: a server hiccup should not lose it.
 */
export const WELCOME_EMAIL_TRIES = 3;
export const WELCOME_EMAIL_RETRY_MS = 700;

// Client error reports (ours: POST /api/client-error, src/domain/boundary/client-error.ts)
/** Reports one page load sends at most; the same error is sent once. */
export const CLIENT_ERROR_REPORTS_PER_PAGE = 10;
/** What a report keeps of the error's message, its stack and the page's path (characters). */
export const CLIENT_ERROR_MESSAGE_MAX_CHARS = 500;
export const CLIENT_ERROR_STACK_MAX_CHARS = 4000;
export const CLIENT_ERROR_PATH_MAX_CHARS = 200;
/** Reports the endpoint logs per client address and window; past it they are refused (429). */
export const CLIENT_ERROR_REPORTS_PER_IP = 60;
export const CLIENT_ERROR_IP_WINDOW_MS = 10 * 60 * 1000;
