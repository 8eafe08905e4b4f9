/**
 * Tag, classes and own text of `root` and every element under it, in document order: what a static frame
 * must share with its page's first render so that nothing moves when the page replaces it (the frames'
 * tests). The contents of elements marked `data-slot` (the user's name, balance or place, which a frame
 * cannot know) are left out; the slot itself is kept.
 */
export function outline(root: Element): string[] {
  return [root, ...root.querySelectorAll("*")]
    .filter((element) => !element.parentElement?.closest("[data-slot]"))
    .map((element) => {
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent?.trim())
        .join("");
      const slot = element.getAttribute("data-slot");
      return `${element.tagName} ${element.getAttribute("class") ?? ""} ${slot ? `[${slot}]` : ownText}`;
    });
}

/** The outline of a page's top: its `header` and the lead paragraph right after it. */
export function topOutline(root: ParentNode): string[] {
  const header = root.querySelector("header");
  if (!header) throw new Error("No header in the page");
  const lead = header.nextElementSibling;
  return [...outline(header), ...(lead?.tagName === "P" ? outline(lead) : [])];
}
