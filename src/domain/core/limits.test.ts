import { describe, expect, it } from "vitest";
import { LAUNCH_OFFER_YEARLY_PRICE_EUR, MERCHANT_MONTHLY_PRICE_EUR } from "../billing/pricing.ts";
import * as limits from "./limits.ts";
import { TOAST_DEFAULT_DURATION_MS } from "./toast.ts";

describe("business constants of spec §9", () => {
  it("hold the spec's values", () => {
    expect(limits).toMatchObject({
      PASSWORD_MIN_LENGTH: 6,
      USER_DOC_TIMEOUT_MS: 5000,
      SIGNUP_TOAST_DURATION_MS: 5000,
      REDIRECT_AFTER_LOGIN_MS: 1000,
      REDIRECT_AFTER_MAGIC_LINK_MS: 2000,
      REDIRECT_AFTER_REQUEST_CREATED_MS: 2000,
      REQUEST_QUERY_LIMIT: 50,
      CUSTOMER_DASHBOARD_REQUESTS: 4,
      CUSTOMER_DASHBOARD_OFFERS_PER_REQUEST: 2,
      MERCHANT_DASHBOARD_OFFERS: 4,
      MERCHANT_DASHBOARD_ADDRESS_CHARS: 30,
      EARTH_RADIUS_KM: 6371,
      QUERY_STALE_TIME_MS: 300_000,
      QUERY_GC_TIME_MS: 600_000,
      TOKEN_BALANCE_CACHE_MS: 300_000,
      DEFAULT_ACTION_RADIUS_KM: 10,
      MAX_PREFERRED_CATEGORIES: 5,
      MAX_TOP_SEARCH_TERMS: 10,
      MAX_KEYWORDS: 10,
      CACHE_REUSE_MIN_SUCCESS_RATE: 0.7,
      CACHE_KEY_CONTEXT_LENGTH: 50,
      MAX_GEO_QUERY_CELLS: 30,
      CAMERA_IDEAL_WIDTH: 1280,
      CAMERA_IDEAL_HEIGHT: 720,
      CAMERA_JPEG_QUALITY: 0.8,
    });
    expect(limits.DEFAULT_MERCHANT_LOCATION).toMatchObject({ lat: 45.4642, lng: 9.19 });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(4000);
    expect(MERCHANT_MONTHLY_PRICE_EUR).toBe(9.9);
    expect(LAUNCH_OFFER_YEARLY_PRICE_EUR).toBe(29.9);
  });
});
