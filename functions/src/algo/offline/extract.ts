import { readPlace } from "../places";
import { CONFIRM, DENY, GENERIC_INDIFFERENCE, GREETING, PUBLISH } from "./dialogue-acts";
import { extractBudget } from "./extract-budget";
import { detectCategory } from "./extract-category";
import { extractDelivery } from "./extract-delivery";
import {
  extractColour,
  extractCondition,
  extractMaterial,
  extractSize,
  extractSpecifications,
} from "./extract-details";
import { extractProduct, INTENT } from "./extract-product";
import { extractUrgency } from "./extract-urgency";
import { alternation, Matcher } from "./matcher";
import { fold, type Span, tidy } from "./text";
import type { Extraction, ExtractionContext, Topic } from "./topics";

/**
 * The offline Algo's reader: what one user message says, field by field. Each field has its extractor
 * (extract-*.ts) over the word tables of lexicon.ts; they run in a fixed order and each consumes what
 * it takes, so the more specific readings (specifications, sizes, urgency) come before the looser ones
 * (budget, then the product name from what is left).
 */

/** 'Near me' as the chat says it (the domain's NEAR_ME reads it; this only sets the words aside). */
const NEAR_ME_WORDS =
  /\b(?:vicino a me|vicino (?:a )?casa(?: mia)?|sotto casa|qui vicino|qua vicino|nella mia zona|nei dintorni|dove abito|dove vivo)\b/;

/** Everything one user message says. Pure and deterministic. */
export function extractUtterance(text: string, context: ExtractionContext = {}): Extraction {
  const original = tidy(text);
  const folded = fold(original);
  const m = new Matcher(original, folded);
  const greeting = GREETING.exec(folded);
  const bodyStart = greeting ? greeting[0].length : 0;
  const body = folded.slice(bodyStart);
  const pending = context.pending;

  // The place first: its words ('a Roma', 'zona Trastevere') are never a product, a colour or a budget.
  const place = readPlace(original, pending === "place");
  if (place?.kind === "place" && place.said.length > 0) {
    const names = place.said.map((words) => alternation([fold(words)]).replace(/ /g, "[\\s']+")).join("|");
    m.all(new RegExp(`(?:\\b(?:a|ad|in|di|da|presso|zona|quartiere|rione)\\s+)?\\b(?:${names})\\b`));
  } else if (place?.kind === "near_me") {
    m.all(NEAR_ME_WORDS);
  }
  const specifications = extractSpecifications(m);
  const size = extractSize(m, pending);
  const urgency = extractUrgency(m);
  const budget = extractBudget(m, pending);
  const deliveryPreference = extractDelivery(m, pending);
  const { condition, indifferent: conditionIndifferent } = extractCondition(m);
  const color = extractColour(m);
  const material = extractMaterial(m, pending);

  const indifferent: Topic[] = [];
  if (conditionIndifferent) indifferent.push("condition");
  const generic = GENERIC_INDIFFERENCE.exec(body);
  if (generic && pending && pending !== "delivery" && pending !== "product") indifferent.push(pending);
  if (
    pending &&
    pending !== "delivery" &&
    pending !== "product" &&
    /^(?:entramb[ie]|tutt[ie] e due)\b/.test(body)
  )
    indifferent.push(pending);
  if (generic) m.first(GENERIC_INDIFFERENCE);

  const confirm = CONFIRM.test(body);
  const deny = DENY.test(body);
  const publish = PUBLISH.test(body);
  if (publish) m.first(PUBLISH);
  if (confirm) m.first(CONFIRM);

  const intent = m.first(INTENT);
  let productName: string | undefined;
  if (intent) productName = extractProduct(m, intent.index + intent[0].length, true);
  else if ((!context.hasProduct || pending === "product") && !deny && !generic) {
    productName = extractProduct(m, bodyStart, false);
  }

  let productSpan: Span | undefined;
  if (productName) {
    const at = folded.indexOf(fold(productName), intent ? intent.index : bodyStart);
    if (at >= 0) productSpan = { start: at, end: at + productName.length };
  }
  const category = detectCategory(folded, productSpan);

  const greetingOnly = Boolean(greeting) && body.replace(/[\s!,.?]+/g, "").length === 0;
  return {
    ...(productName ? { productName } : {}),
    ...(category ? { category } : {}),
    ...(budget ? { budget } : {}),
    ...(urgency ? { urgency } : {}),
    ...(deliveryPreference ? { deliveryPreference } : {}),
    ...(size ? { size } : {}),
    ...(color ? { color } : {}),
    ...(material ? { material } : {}),
    ...(condition ? { condition } : {}),
    specifications,
    ...(place ? { place } : {}),
    indifferent,
    confirm: confirm && !deny,
    deny,
    publish: publish && !deny,
    greetingOnly,
  };
}
