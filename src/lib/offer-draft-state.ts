/** The navigation state's key under which a link hands the make-offer form a draft (the feed's catalogue). */
export const OFFER_DRAFT_STATE = "offerDraft";
