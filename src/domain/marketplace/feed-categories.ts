import { CATEGORY_LABELS, GENERAL_CATEGORY, parseRequestCategory } from "../core/enum-values.ts";
import type { RequestCategory } from "../core/enums.ts";

/**
 * Which requests a shop's feed shows (the dashboard's and /browse's): its own categories, every category,
 * or one. A shop opens on its own ('Le tue categorie'), with every category one tap away. Its own include
 * 'Generale', the category of a request Algo could not place (the publishing default): any shop may sell
 * what such a request asks for, and none would see it otherwise.
 */
export type CategoryScope = "mine" | "all" | RequestCategory;

export const CATEGORY_SCOPE_LABELS = {
  mine: "Le tue categorie",
  all: "Tutte le categorie",
  /** The toggle's group name, for screen readers. */
  group: "Categorie delle richieste",
} as const;

/** The URL's `?categoria=`: a category's value, this word for every category; none means the shop's own. */
export const CATEGORY_PARAM = "categoria";
const ALL_CATEGORIES_PARAM = "tutte";

export function categoryScopeFromParam(value: string | null): CategoryScope {
  if (value === ALL_CATEGORIES_PARAM) return "all";
  return parseRequestCategory(value) ?? "mine";
}

/** The parameter's value, or null for the shop's own (the default, so no parameter). */
export function categoryScopeToParam(scope: CategoryScope): string | null {
  if (scope === "mine") return null;
  return scope === "all" ? ALL_CATEGORIES_PARAM : scope;
}

/** 'Le tue categorie' means every category for a shop that has named none. */
export function effectiveScope(scope: CategoryScope, own: readonly RequestCategory[]): CategoryScope {
  return scope === "mine" && own.length === 0 ? "all" : scope;
}

/** The shop's own categories with 'Generale', without repeats, in the order it named them. */
function ownWithGeneral(own: readonly RequestCategory[]): RequestCategory[] {
  return [...new Set<RequestCategory>([...own, GENERAL_CATEGORY])];
}

/** The categories the feed asks for; undefined for every category (no filter). */
export function scopeCategories(
  scope: CategoryScope,
  own: readonly RequestCategory[],
): readonly RequestCategory[] | undefined {
  const effective = effectiveScope(scope, own);
  if (effective === "all") return undefined;
  return effective === "mine" ? ownWithGeneral(own) : [effective];
}

/** The scope as a counter's hint: 'nelle tue categorie', 'tutte le categorie', 'categoria Sport'. */
export function scopeHint(scope: CategoryScope, own: readonly RequestCategory[]): string {
  const effective = effectiveScope(scope, own);
  if (effective === "mine") return "nelle tue categorie";
  return effective === "all" ? "tutte le categorie" : `categoria ${CATEGORY_LABELS[effective]}`;
}

/** What 'Le tue categorie' covers, in words: 'Elettronica, Casa e Generale'. */
export function ownCategoriesText(own: readonly RequestCategory[]): string {
  const labels = ownWithGeneral(own).map((category) => CATEGORY_LABELS[category]);
  const last = labels.pop() ?? "";
  return labels.length > 0 ? `${labels.join(", ")} e ${last}` : last;
}

/** `params` with the scope written in (none for the shop's own); the other parameters kept. */
export function withCategoryScope(params: URLSearchParams, scope: CategoryScope): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = categoryScopeToParam(scope);
  if (value) next.set(CATEGORY_PARAM, value);
  else next.delete(CATEGORY_PARAM);
  return next;
}
