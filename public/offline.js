// The offline page's pickup codes: what the app kept on this device once the buyer showed them
// (src/lib/pickup-code-storage.ts, localStorage "vicino.pickupCodes": { uid, codes: { [offerId]:
// { code, until?, label?, note?, qr?: { path, size } } } }), so the till can read the code and its QR
// with no network. Codes whose hold has ended are left out. The words are offline.html's.
(() => {
  const KEY = "vicino.pickupCodes";
  const QR_PATH = /^[Mhvz0-9 -]*$/;
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? "null");
  } catch {
    return;
  }
  const codes = stored && typeof stored.codes === "object" && stored.codes ? Object.values(stored.codes) : [];
  const now = Date.now();
  const shown = codes
    .map((kept) => (typeof kept === "string" ? { code: kept } : kept))
    .filter(
      (kept) => kept && typeof kept.code === "string" && (typeof kept.until !== "number" || kept.until > now),
    );
  const list = document.getElementById("pickup-codes");
  const template = document.getElementById("pickup-code-template");
  if (!list || !template || shown.length === 0) return;
  for (const kept of shown) {
    const card = template.content.cloneNode(true);
    card.querySelector("[data-code]").textContent = kept.code;
    card.querySelector("[data-label]").textContent = typeof kept.label === "string" ? kept.label : "";
    card.querySelector("[data-note]").textContent = typeof kept.note === "string" ? kept.note : "";
    const svg = card.querySelector("svg");
    const qr = kept.qr;
    if (qr && typeof qr.path === "string" && QR_PATH.test(qr.path) && typeof qr.size === "number") {
      svg.setAttribute("viewBox", `0 0 ${qr.size} ${qr.size}`);
      svg.querySelector("path").setAttribute("d", qr.path);
    } else {
      svg.remove();
    }
    list.append(card);
  }
  list.hidden = false;
})();
