import {
  generateOfferDescriptionInputSchema,
  generateOfferDescriptionOutputSchema,
} from "@/domain/algo/algo";
import { callable } from "./callables";

/**
 * generateOfferDescription ('Scrivi con Leonardo', 0.5 tokens): Leonardo drafts the offer's description
 * for a request at a price. The function checks the merchant, the active request and the balance, and
 * spends the tokens; `outOfTokens` comes back with an empty description.
 */
export const generateOfferDescription = callable(
  "generateOfferDescription",
  generateOfferDescriptionInputSchema,
  generateOfferDescriptionOutputSchema,
);
