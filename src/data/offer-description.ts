import { httpsCallable } from "firebase/functions";
import {
  type GenerateOfferDescriptionInput,
  type GenerateOfferDescriptionOutput,
  generateOfferDescriptionInputSchema,
  generateOfferDescriptionOutputSchema,
} from "@/domain/algo";
import { getFunctionsInstance } from "@/lib/firebase";

/**
 * generateOfferDescription ('Scrivi con Leonardo', 0.5 tokens): Leonardo drafts the offer's description
 * for a request at a price. The function checks the merchant, the active request and the balance, and
 * spends the tokens; `outOfTokens` comes back with an empty description. Input and output are checked
 * with the domain schemas the function uses; failures keep the HttpsError's code and Italian message.
 */
export async function generateOfferDescription(
  input: GenerateOfferDescriptionInput,
): Promise<GenerateOfferDescriptionOutput> {
  const callable = httpsCallable<unknown, unknown>(await getFunctionsInstance(), "generateOfferDescription");
  const { data } = await callable(generateOfferDescriptionInputSchema.parse(input));
  return generateOfferDescriptionOutputSchema.parse(data);
}
