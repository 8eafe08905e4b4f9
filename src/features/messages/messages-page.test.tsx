import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "@/components/ui/toast";
import { createMagicLink } from "@/data/account";
import { readConversation, readUserConversations } from "@/data/conversations";
import { acceptOffer, completeTransaction, rejectOffer } from "@/data/deals";
import type { Listener } from "@/data/listen";
import {
  loadOlderMessages,
  markMessagesRead,
  newMessageId,
  readNewestMessages,
  sendMessage,
  subscribeToMessages,
} from "@/data/messages";
import { getOffer } from "@/data/offer-by-id";
import { getRequest } from "@/data/request-by-id";
import { withdrawOffer } from "@/data/request-life";
import { fetchRequestPhotos } from "@/data/request-photos";
import { clearUnread, subscribeToUnreadCounts } from "@/data/unread-counts";
import { errorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { Conversation } from "@/domain/marketplace/conversation";
import { DEAL_SYSTEM_LINES, holdFingerprint } from "@/domain/marketplace/deal-end";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Message } from "@/domain/marketplace/message";
import { SYSTEM_SENDER_NAME } from "@/domain/marketplace/message-type";
import type { Offer } from "@/domain/marketplace/offer";
import { RATING_OUTCOME_MESSAGES, RATING_PROOF_COPY } from "@/domain/marketplace/rating-messages";
import type { Request } from "@/domain/marketplace/request";
import type { UnreadCounts } from "@/domain/notifications/unread-counts";
import { readChatPreview } from "@/lib/chat-preview";
import { createQueryClient } from "@/lib/query-client";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { WithUnreadTotal } from "./components/with-unread-total";
import { MessagesPage } from "./messages-page";

// The screens read once (the conversations, the conversation, its offer and request, the newest
// messages) and follow only the chat's new messages with a listener (src/lib/news.ts, docs/scale.md).
vi.mock("@/data/conversations", () => ({
  readUserConversations: vi.fn(),
  readConversation: vi.fn(),
  parseConversationDocuments: vi.fn(),
  parseUserConversations: vi.fn(),
}));
vi.mock("@/data/offer-by-id", () => ({ getOffer: vi.fn() }));
vi.mock("@/data/messages", () => ({
  readNewestMessages: vi.fn(),
  parseMessageDocuments: vi.fn(),
  loadOlderMessages: vi.fn(),
  subscribeToMessages: vi.fn(),
  newMessageId: vi.fn(),
  sendMessage: vi.fn(),
  markMessagesRead: vi.fn(),
}));
vi.mock("@/data/deals", () => {
  const acceptOffer = vi.fn();
  const rejectOffer = vi.fn();
  return {
    acceptOffer,
    rejectOffer,
    completeTransaction: vi.fn(),
    dealDecisionCalls: {
      acceptOffer,
      rejectOffer,
      shopHold: vi.fn(async () => ({ weeklyHours: { mon: [{ open: "09:00", close: "19:00" }] } })),
    },
  };
});
vi.mock("@/data/request-by-id", () => ({ getRequest: vi.fn() }));
vi.mock("@/data/unread-counts", () => ({ subscribeToUnreadCounts: vi.fn(), clearUnread: vi.fn() }));
vi.mock("@/data/request-life", () => ({ withdrawOffer: vi.fn(async () => ({ offerId: "r1_shop-1" })) }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.mock("@/data/moderation", () => ({
  listMyBlocks: vi.fn(async () => []),
  reportContent: vi.fn(),
  setBlock: vi.fn(),
}));
vi.mock("@/data/profiles", () => ({ getPublicProfile: vi.fn(async () => null) }));
vi.mock("@/data/request-photos", () => ({ fetchRequestPhotos: vi.fn() }));
vi.mock("@/data/account", () => ({ createMagicLink: vi.fn(async () => ({ ok: true })) }));

const NOW = new Date();
const BUYER = "buyer-1";
const MERCHANT = "shop-1";

const conversation: Conversation = {
  id: "r1_shop-1",
  participants: {
    customerId: BUYER,
    customerName: "Anna Neri",
    merchantId: MERCHANT,
    merchantName: "Cicli Rossi",
  },
  requestId: "r1",
  offerId: "r1_shop-1",
  status: "active",
  lastMessage: { content: "Ciao!", senderId: MERCHANT, timestamp: NOW },
  createdAt: NOW,
  updatedAt: NOW,
};

function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: "r1_shop-1",
    requestId: "r1",
    merchantId: MERCHANT,
    customerId: BUYER,
    merchantName: "Cicli Rossi",
    price: 180,
    description: "Bici revisionata",
    deliveryOptions: ["pickup", "delivery"],
    estimatedDeliveryTime: "Domani",
    status: "pending",
    aiGenerated: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function makeRequest(overrides: Partial<Request> = {}): Request {
  return {
    id: "r1",
    customerId: BUYER,
    productName: "Bici da città",
    description: "",
    category: "sport",
    budget: { min: 100, max: 200 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: { lat: 45.46, lng: 9.19, address: "Milano", geohash: "u0nd9hdfv" },
    gh3: "u0n",
    gh4: "u0nd",
    gh5: "u0nd9",
    productDetails: {},
    status: "active",
    aiGenerated: true,
    imageAnalyzed: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  } as Request;
}

const incoming: Message = {
  id: "m1",
  conversationId: conversation.id,
  senderId: MERCHANT,
  senderName: "Cicli Rossi",
  senderType: "merchant",
  content: "Ciao!",
  type: "text",
  readBy: [MERCHANT],
  createdAt: NOW,
};

/** A listener mock that answers at once with `value`. */
function answers<T>(value: T) {
  return (...args: unknown[]) => {
    const listener = args.find(
      (arg): arg is Listener<T> => typeof arg === "object" && arg !== null && "next" in arg,
    );
    listener?.next(value);
    return () => undefined;
  };
}

/** The chat's first read (newest first, as the data layer answers) and no message after it. */
function setThread(messages: readonly Message[]) {
  vi.mocked(readNewestMessages).mockImplementation(async () => [...messages].reverse());
  vi.mocked(subscribeToMessages).mockImplementation(answers<Message[]>([]));
}

/** Pushes a snapshot of the header's unread counts (the news), once the page listens to them. */
let pushCounts: ((counts: UnreadCounts) => void) | undefined;

function session(uid: string, userType: "customer" | "merchant", emailVerified = true): SessionValue {
  return {
    loading: false,
    user: { uid, email: `${uid}@example.com`, emailVerified, providerIds: ["password"] },
    userData: {
      id: uid,
      uid,
      email: `${uid}@example.com`,
      displayName: uid === BUYER ? "Anna Neri" : "Cicli Rossi",
      userType,
      isFallback: false,
    },
    homePath: userType === "customer" ? "/customer" : "/merchant",
  } as unknown as SessionValue;
}

function QueryProvider({ children }: { children: ReactNode }) {
  const { toastError } = useToast();
  const [client] = useState(() => {
    const created = createQueryClient({ onError: (error) => toastError(errorMessage(error)) });
    created.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
    return created;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The header's badge, as on every page: the one listener on the user's unread counts. */
function HeaderBadge() {
  const uid = useSession().userData?.uid ?? "";
  return (
    <WithUnreadTotal uid={uid}>
      {({ total }) => <output aria-label="Non letti nell'intestazione">{total}</output>}
    </WithUnreadTotal>
  );
}

/** The user's unread counts as the functions leave them: the shop's message m1, unread. */
const unreadCounts = (entry: Partial<UnreadCounts["conversations"][string]> = {}): UnreadCounts => ({
  conversations: { [conversation.id]: { messages: 1, offer: false, counted: ["m1"], ...entry } },
});

function renderAt(path: string) {
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  const user = setupUser();
  render(
    <ToastProvider>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          <HeaderBadge />
          <Routes>
            <Route path="/messages" element={<MessagesPage />} />
            <Route path="/messages/:conversationId" element={<MessagesPage />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </ToastProvider>,
  );
  return { user };
}

function setDeal(offer: Offer, request: Request) {
  vi.mocked(getOffer).mockResolvedValue(offer);
  vi.mocked(getRequest).mockResolvedValue(request);
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useSession).mockReturnValue(session(BUYER, "customer"));
  vi.mocked(readUserConversations).mockResolvedValue([conversation]);
  vi.mocked(readConversation).mockResolvedValue(conversation);
  setThread([incoming]);
  pushCounts = undefined;
  vi.mocked(subscribeToUnreadCounts).mockImplementation((_uid, listener) => {
    pushCounts = listener.next;
    listener.next(unreadCounts());
    return () => undefined;
  });
  vi.mocked(clearUnread).mockResolvedValue(undefined);
  vi.mocked(newMessageId).mockResolvedValue("m-new");
  vi.mocked(sendMessage).mockResolvedValue(undefined);
  vi.mocked(markMessagesRead).mockResolvedValue(undefined);
  setDeal(makeOffer(), makeRequest());
});

const composer = () => screen.getByRole("textbox", { name: "Messaggio" });

describe("conversation list", () => {
  it("shows the other party, the product, the last message and the unread count", async () => {
    renderAt("/messages");
    const list = await screen.findByRole("navigation", { name: /Conversazioni/ });
    const link = await within(list).findByRole("link", { name: /Cicli Rossi/ });
    // The product's name comes with the request, read after the row appears.
    await waitFor(() => expect(link).toHaveTextContent("Bici da città"));
    expect(link).toHaveTextContent("Ciao!");
    expect(link).toHaveTextContent("1 messaggio non letto");
    // From the header's one document: no listener on any conversation's messages.
    expect(subscribeToUnreadCounts).toHaveBeenCalledTimes(1);
    expect(subscribeToMessages).not.toHaveBeenCalled();
  });

  it("counts a new offer the buyer has not opened as one more, in the row and the heading", async () => {
    vi.mocked(subscribeToUnreadCounts).mockImplementation(answers(unreadCounts({ offer: true })));
    renderAt("/messages");
    const list = await screen.findByRole("navigation", { name: /Conversazioni/ });
    const link = await within(list).findByRole("link", { name: /Cicli Rossi/ });
    await waitFor(() => expect(link).toHaveTextContent("2 messaggi non letti"));
    expect(within(list).getByRole("heading", { name: /Conversazioni/ })).toHaveTextContent("2 non letti");
  });

  it("titles a conversation from the product submitOffer copied on it, reading no request", async () => {
    const titled = { ...conversation, productName: "Bici pieghevole" };
    vi.mocked(readUserConversations).mockResolvedValue([titled]);
    renderAt("/messages");
    const list = await screen.findByRole("navigation", { name: /Conversazioni/ });
    const link = await within(list).findByRole("link", { name: /Cicli Rossi/ });
    expect(link).toHaveTextContent("Bici pieghevole");
    expect(getRequest).not.toHaveBeenCalled();
  });
});

describe("chat", () => {
  it("opens alone on a phone: the list is neither read nor rendered until /messages", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      renderAt(`/messages/${conversation.id}`);
      expect(await screen.findByText("Ciao!")).toBeVisible();
      expect(readUserConversations).not.toHaveBeenCalled();
      expect(screen.queryByRole("link", { name: /Cicli Rossi/ })).toBeNull();
    } finally {
      // Unmounted first: a render after the stub is gone would find no matchMedia.
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  const numbered = (from: number, count: number): Message[] =>
    Array.from({ length: count }, (_, i) => ({
      ...incoming,
      id: `m${from + i}`,
      content: `Messaggio ${from + i}`,
      readBy: [MERCHANT, BUYER],
      createdAt: new Date(NOW.getTime() - (1000 - from - i) * 1000),
    }));

  it("shows the newest 50 messages and loads 50 older ones on request", async () => {
    setThread(numbered(100, 50));
    vi.mocked(loadOlderMessages).mockResolvedValue(numbered(70, 30));
    const { user } = renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Messaggio 149");
    expect(screen.queryByText("Messaggio 99")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Carica messaggi precedenti" }));
    expect(await screen.findByText("Messaggio 99")).toBeInTheDocument();
    expect(loadOlderMessages).toHaveBeenCalledWith(conversation.id, "m100");
    const log = screen.getByRole("log", { name: "Messaggi" });
    const items = within(log).getAllByText(/^Messaggio \d+$/);
    expect(items).toHaveLength(80);
    expect(items[0]).toHaveTextContent("Messaggio 70");
    // Fewer than a page came back: nothing older remains.
    expect(screen.queryByRole("button", { name: "Carica messaggi precedenti" })).not.toBeInTheDocument();
  });

  it("shows a deal event the server wrote as a note of the deal, not as anyone's message", async () => {
    setThread([
      incoming,
      {
        ...incoming,
        id: "m2",
        senderName: SYSTEM_SENDER_NAME,
        type: "system",
        content: DEAL_SYSTEM_LINES.verified,
        createdAt: new Date(NOW.getTime() + 60_000),
      },
    ]);
    renderAt(`/messages/${conversation.id}`);
    const line = await screen.findByText(DEAL_SYSTEM_LINES.verified, { exact: false });
    const item = line.closest("li");
    expect(item).toHaveAttribute("data-message-type", "system");
    // Nobody's words: nothing to report on it, while the shop's own message has its 'Segnala'.
    expect(within(item as HTMLElement).queryByRole("button")).toBeNull();
    const shopMessage = screen.getByText("Ciao!").closest("li") as HTMLElement;
    expect(shopMessage).not.toHaveAttribute("data-message-type");
    expect(within(shopMessage).getByRole("button")).toBeInTheDocument();
  });

  it("offers no older messages while the thread fits in one page", async () => {
    renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    expect(screen.queryByRole("button", { name: "Carica messaggi precedenti" })).not.toBeInTheDocument();
  });

  it("keeps the chat it showed on this device, and forgets a chat it cannot read", async () => {
    localStorage.clear();
    renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    await waitFor(() => expect(readChatPreview(conversation.id)).not.toBeNull());
    expect(readChatPreview(conversation.id)).toEqual({
      uid: BUYER,
      preview: {
        conversationId: conversation.id,
        otherName: "Cicli Rossi",
        shopId: MERCHANT,
        title: "Bici da città",
        closed: null,
        // The offer waits for the buyer: the panel's line says how long the shop holds the bike.
        dealNote: "Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura.",
        messages: [
          { id: "m1", senderId: MERCHANT, senderName: "Cicli Rossi", content: "Ciao!", createdAt: NOW },
        ],
      },
    });
    cleanup();

    vi.mocked(readUserConversations).mockResolvedValue([]);
    vi.mocked(readConversation).mockResolvedValue(null);
    renderAt(`/messages/${conversation.id}`);
    await screen.findByText(CHAT_MESSAGES.conversationNotFound);
    await waitFor(() => expect(readChatPreview(conversation.id)).toBeNull());
  });

  it("marks the others' unread messages as read while open, and takes the chat off the unread counts", async () => {
    renderAt(`/messages/${conversation.id}`);
    await waitFor(() => expect(markMessagesRead).toHaveBeenCalledWith(conversation.id, ["m1"], BUYER));
    await waitFor(() => expect(clearUnread).toHaveBeenCalledWith(BUYER, conversation.id));
    // The open chat is not in the header's total.
    expect(screen.getByRole("status", { name: "Non letti nell'intestazione" })).toHaveTextContent("0");
  });

  it("clears the chat again when a count arrives while it is open, once per entry", async () => {
    let push: ((counts: UnreadCounts) => void) | undefined;
    vi.mocked(subscribeToUnreadCounts).mockImplementation((_uid, listener) => {
      push = listener.next;
      listener.next({ conversations: {} });
      return () => undefined;
    });
    // A shop's chat whose offer is accepted: nothing clears it but what the counts say.
    vi.mocked(useSession).mockReturnValue(session(MERCHANT, "merchant"));
    setDeal(makeOffer({ status: "accepted" }), makeRequest({ status: "in_progress" }));
    renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    expect(clearUnread).not.toHaveBeenCalled();
    act(() => push?.(unreadCounts({ counted: ["late"] })));
    await waitFor(() => expect(clearUnread).toHaveBeenCalledWith(MERCHANT, conversation.id));
    // A snapshot that has not caught up with the clear yet asks for nothing more.
    act(() => push?.(unreadCounts({ counted: ["late"] })));
    expect(clearUnread).toHaveBeenCalledTimes(1);
  });

  it("the buyer opening a pending offer's chat clears it at once, before the counts are known", async () => {
    vi.mocked(subscribeToUnreadCounts).mockImplementation(() => () => undefined);
    setThread([]);
    renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    await waitFor(() => expect(clearUnread).toHaveBeenCalledWith(BUYER, conversation.id));
    expect(markMessagesRead).not.toHaveBeenCalled();
  });

  it("sends the trimmed text with Enter, and Shift+Enter starts a new line", async () => {
    const { user } = renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    await user.type(composer(), "  Va bene{Shift>}{Enter}{/Shift}domani  ");
    expect(sendMessage).not.toHaveBeenCalled();
    expect(composer()).toHaveValue("  Va bene\ndomani  ");
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(sendMessage).toHaveBeenCalledWith({
        id: "m-new",
        conversationId: conversation.id,
        senderId: BUYER,
        senderName: "Anna Neri",
        senderType: "customer",
        content: "Va bene\ndomani",
      }),
    );
    expect(composer()).toHaveValue("");
    expect(
      await screen.findByText("Va bene domani", { normalizer: (text) => text.replace(/\s+/g, " ") }),
    ).toBeVisible();
  });

  it("never sends an empty message", async () => {
    const { user } = renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    await user.type(composer(), "   {Enter}");
    expect(screen.getByRole("button", { name: "Invia messaggio" })).toBeDisabled();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it("keeps the text in the box when sending fails", async () => {
    vi.mocked(sendMessage).mockRejectedValue(new Error("offline"));
    const { user } = renderAt(`/messages/${conversation.id}`);
    await screen.findByText("Bici revisionata");
    await user.type(composer(), "Ci sei?{Enter}");
    expect(await findToast("Errore")).toHaveTextContent(ERROR_MESSAGES.sendMessage);
    expect(composer()).toHaveValue("Ci sei?");
  });
});

describe("buyer's offer panel", () => {
  it("accepts the offer", async () => {
    vi.mocked(acceptOffer).mockResolvedValue({ requestId: "r1", offerId: "r1_shop-1" });
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Accetta" }));
    // What the shop keeps aside once accepted is said before 'Accetta'.
    expect(
      screen.getByText("Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura."),
    ).toBeVisible();
    // Accepting cannot be undone and declines the other offers: a dialog says so and asks first.
    const dialog = await screen.findByRole("dialog", { name: /Accettare l'offerta di .+ a 180/ });
    expect(dialog).toHaveTextContent("le altre offerte ricevute vengono rifiutate");
    expect(acceptOffer).not.toHaveBeenCalled();
    // The hold the deal binds, with the shop's hours, is in the dialog before the button works.
    expect(await within(dialog).findByText("Lunedì 9:00–19:00")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Sì, accetta l'offerta" }));
    expect(acceptOffer).toHaveBeenCalledWith({
      offerId: "r1_shop-1",
      terms: {
        price: 180,
        description: "Bici revisionata",
        deliveryOptions: ["pickup", "delivery"],
        hold: holdFingerprint({ weeklyHours: { mon: [{ open: "09:00", close: "19:00" }] } }),
      },
    });
    expect(await findToast("Offerta accettata! La trattativa è iniziata.")).toBeVisible();
  });

  it("'Non ancora' closes the confirmation without accepting", async () => {
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Accetta" }));
    expect(screen.getByRole("dialog")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Non ancora" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(acceptOffer).not.toHaveBeenCalled();
  });

  it("still confirms when the offer read again turns accepted before the callable answers", async () => {
    vi.mocked(acceptOffer).mockImplementation(async () => {
      vi.mocked(getOffer).mockResolvedValue(makeOffer({ status: "accepted", acceptedAt: NOW }));
      return { requestId: "r1", offerId: "r1_shop-1" };
    });
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Accetta" }));
    await user.click(await screen.findByRole("button", { name: "Sì, accetta l'offerta" }));
    expect(await findToast("Offerta accettata! La trattativa è iniziata.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Accetta" })).toBeNull();
  });

  it("rejects with the suggested reason 'Prezzo troppo alto'", async () => {
    vi.mocked(rejectOffer).mockResolvedValue({ offerId: "r1_shop-1" });
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Rifiuta" }));
    const reason = screen.getByRole("textbox", { name: /Motivo del rifiuto/ });
    expect(reason).toHaveValue("Prezzo troppo alto");
    await user.click(screen.getByRole("button", { name: "Conferma rifiuto" }));
    expect(rejectOffer).toHaveBeenCalledWith({ offerId: "r1_shop-1", reason: "Prezzo troppo alto" });
    expect(await findToast("Offerta rifiutata")).toBeVisible();
  });

  it("shows the function's error when accepting fails", async () => {
    vi.mocked(acceptOffer).mockRejectedValue(
      Object.assign(new Error("internal"), { code: "functions/internal" }),
    );
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Accetta" }));
    await user.click(await screen.findByRole("button", { name: "Sì, accetta l'offerta" }));
    expect(await findToast("Errore")).toHaveTextContent(ERROR_MESSAGES.acceptOffer);
  });
});

describe("completion panel", () => {
  beforeEach(() => {
    setDeal(
      makeOffer({ status: "accepted", acceptedAt: NOW }),
      makeRequest({ status: "in_progress", acceptedOfferId: "r1_shop-1" }),
    );
  });

  it("shows the hold and the pickup code's button; once verified, 'Acquisto verificato' and the stars at once", async () => {
    const holdUntil = new Date(Date.now() + 24 * 60 * 60 * 1000);
    setDeal(
      makeOffer({ status: "accepted", acceptedAt: NOW, holdUntil }),
      makeRequest({ status: "in_progress", acceptedOfferId: "r1_shop-1" }),
    );
    renderAt(`/messages/${conversation.id}`);
    expect(await screen.findByText(/^Te lo teniamo da parte fino a /)).toBeVisible();
    // Waited on as one condition: the panel may render the button again (its code on demand) between
    // a find and a separate visibility check.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Mostra il codice di ritiro" })).toBeVisible(),
    );
    cleanup();

    setDeal(
      makeOffer({ status: "accepted", acceptedAt: NOW, holdUntil, verifiedPurchaseAt: NOW }),
      makeRequest({ status: "in_progress", acceptedOfferId: "r1_shop-1", verifiedPurchaseAt: NOW }),
    );
    renderAt(`/messages/${conversation.id}`);
    expect(await screen.findByText(/Acquisto verificato/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Mostra il codice di ritiro" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ho acquistato" })).toBeNull();
    expect(await screen.findByRole("radio", { name: "5 stelle: Eccellente!" })).toBeInTheDocument();
  });

  it("gives the shop 'Verifica il codice' while the deal waits for the pickup", async () => {
    vi.mocked(useSession).mockReturnValue(session(MERCHANT, "merchant"));
    renderAt(`/messages/${conversation.id}`);
    const region = await screen.findByRole("region", { name: "La tua offerta" });
    expect(await within(region).findByRole("button", { name: "Verifica il codice" })).toBeVisible();
  });

  it("asks for the rating only after 'Ho acquistato', with no star preselected, then completes", async () => {
    vi.mocked(completeTransaction).mockResolvedValue({ requestId: "r1", merchantAverageRating: 4 });
    const { user } = renderAt(`/messages/${conversation.id}`);
    expect(await screen.findByText(/Quando hai acquistato in negozio/)).toBeVisible();
    expect(screen.queryByRole("radio")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Ho acquistato" }));
    const five = await screen.findByRole("radio", { name: "5 stelle: Eccellente!" });
    for (const star of screen.getAllByRole("radio")) expect(star).not.toBeChecked();
    expect(screen.getByText("Nessuna stella scelta")).toBeVisible();
    // How ratings are checked and which count, one tap from the stars.
    expect(
      within(screen.getByRole("form", { name: "Completa la transazione" })).getByRole("link", {
        name: "Come verifichiamo le recensioni",
      }),
    ).toHaveAttribute("href", "/regole/recensioni");
    // Sending without stars says why, at the stars, which get the focus.
    await user.click(screen.getByRole("button", { name: "Invia la valutazione e completa" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Scegli una valutazione da 1 a 5 stelle");
    expect(completeTransaction).not.toHaveBeenCalled();
    expect(screen.getByRole("radio", { name: "1 stella: Insufficiente" })).toHaveFocus();
    await user.click(five);
    expect(five).toBeChecked();
    expect(screen.getByText("Eccellente!")).toBeVisible();
    five.focus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "4 stelle: Molto buono" })).toBeChecked();
    expect(screen.getByText("Molto buono")).toBeVisible();
    await user.keyboard("{ArrowLeft}{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "1 stella: Insufficiente" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "4 stelle: Molto buono" }));
    await user.type(screen.getByRole("textbox", { name: /Commento/ }), "  Gentilissimi ");
    await user.click(screen.getByRole("button", { name: "Invia la valutazione e completa" }));
    expect(completeTransaction).toHaveBeenCalledWith({
      requestId: "r1",
      rating: 4,
      feedback: "Gentilissimi",
    });
    expect(await findToast("Transazione completata! Grazie per il feedback.")).toBeVisible();
  });

  it("tells a buyer with an unproven e-mail, at the rating, that it would not count, with the one-tap proof", async () => {
    vi.mocked(useSession).mockReturnValue(session(BUYER, "customer", false));
    vi.mocked(completeTransaction).mockResolvedValue({
      requestId: "r1",
      merchantAverageRating: 0,
      ratingCounted: false,
      ratingUncountedReason: "email_unproven",
    });
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Ho acquistato" }));
    const form = screen.getByRole("form", { name: "Completa la transazione" });
    expect(form).toHaveTextContent(RATING_PROOF_COPY.beforeRating);
    await user.click(within(form).getByRole("button", { name: "Mandami il link di conferma" }));
    expect(createMagicLink).toHaveBeenCalledExactlyOnceWith({
      email: `${BUYER}@example.com`,
      userType: "customer",
    });
    expect(await within(form).findByRole("status")).toHaveTextContent(
      `Ti abbiamo mandato un link a ${BUYER}@example.com`,
    );

    // Sent anyway: the answer says it did not count, why, and offers the proof again.
    await user.click(screen.getByRole("radio", { name: "3 stelle: Buono" }));
    await user.click(screen.getByRole("button", { name: "Invia la valutazione e completa" }));
    const outcome = await screen.findByText(RATING_OUTCOME_MESSAGES.email_unproven);
    expect(outcome.closest("[role=status]")).toHaveTextContent(RATING_PROOF_COPY.outcomeTitle);
    expect(screen.getByRole("button", { name: "Mandami il link di conferma" })).toBeVisible();
    expect(screen.queryByRole("form", { name: "Completa la transazione" })).toBeNull();
  });

  it("tells a proven buyer whether the rating counted: yes, or not within 30 days of the last", async () => {
    vi.mocked(completeTransaction).mockResolvedValueOnce({
      requestId: "r1",
      merchantAverageRating: 4,
      ratingCounted: true,
    });
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Ho acquistato" }));
    expect(screen.getByRole("form", { name: "Completa la transazione" })).not.toHaveTextContent(
      RATING_PROOF_COPY.beforeRating,
    );
    await user.click(screen.getByRole("radio", { name: "4 stelle: Molto buono" }));
    await user.click(screen.getByRole("button", { name: "Invia la valutazione e completa" }));
    expect(await screen.findByText(RATING_OUTCOME_MESSAGES.counted)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Mandami il link di conferma" })).toBeNull();
    cleanup();

    vi.mocked(completeTransaction).mockResolvedValueOnce({
      requestId: "r1",
      merchantAverageRating: 4,
      ratingCounted: false,
      ratingUncountedReason: "cooldown",
    });
    const again = renderAt(`/messages/${conversation.id}`);
    await again.user.click(await screen.findByRole("button", { name: "Ho acquistato" }));
    await again.user.click(screen.getByRole("radio", { name: "2 stelle: Sufficiente" }));
    await again.user.click(screen.getByRole("button", { name: "Invia la valutazione e completa" }));
    expect(await screen.findByText(RATING_OUTCOME_MESSAGES.cooldown)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Mandami il link di conferma" })).toBeNull();
  });

  it("shows the merchant the outcome and the rating, without the buyer's buttons", async () => {
    vi.mocked(useSession).mockReturnValue(session(MERCHANT, "merchant"));
    setDeal(
      makeOffer({ status: "accepted", customerRating: 4, customerFeedback: "Ottimo", ratedAt: NOW }),
      makeRequest({ status: "completed", completedOfferId: "r1_shop-1", customerRating: 4 }),
    );
    renderAt(`/messages/${conversation.id}`);
    expect(await screen.findByText("Valutazione: 4/5, Molto buono")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Accetta" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ho acquistato" })).toBeNull();
  });

  it("lets the shop withdraw its pending offer from the chat, after confirmation", async () => {
    vi.mocked(useSession).mockReturnValue(session(MERCHANT, "merchant"));
    setDeal(makeOffer(), makeRequest());
    const { user } = renderAt(`/messages/${conversation.id}`);
    await user.click(await screen.findByRole("button", { name: "Ritira l'offerta" }));
    const dialog = screen.getByRole("dialog", { name: "Ritirare l'offerta?" });
    await user.click(within(dialog).getByRole("button", { name: "Ritira l'offerta" }));
    expect(await findToast("Offerta ritirata")).toBeVisible();
    expect(withdrawOffer).toHaveBeenCalledWith({ offerId: "r1_shop-1" });
  });

  it.each([
    [
      "the offer was rejected",
      makeOffer({ status: "rejected" }),
      makeRequest(),
      "l'offerta è stata rifiutata",
    ],
    [
      "the request was cancelled",
      makeOffer(),
      makeRequest({ status: "cancelled" }),
      "la richiesta è stata annullata",
    ],
    [
      "the shop withdrew its offer",
      makeOffer({ status: "withdrawn" }),
      makeRequest(),
      "l'offerta è stata ritirata",
    ],
    [
      "the deal was cancelled",
      makeOffer({ status: "cancelled" }),
      makeRequest(),
      "l'accordo è stato annullato",
    ],
    ["the request expired", makeOffer(), makeRequest({ status: "expired" }), "la richiesta è scaduta"],
    [
      "the request was completed",
      makeOffer({ status: "accepted", customerRating: 5 }),
      makeRequest({ status: "completed", completedOfferId: "r1_shop-1" }),
      "la richiesta è stata completata",
    ],
  ])("says the conversation is closed once %s, with no text box", async (_, offer, request, reason) => {
    setDeal(offer, request);
    renderAt(`/messages/${conversation.id}`);
    expect(await screen.findByText(`Questa conversazione è chiusa: ${reason}.`)).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Messaggio" })).toBeNull();
    // The thread stays readable.
    expect(screen.getByRole("log", { name: "Messaggi" })).toHaveTextContent("Ciao!");
  });

  it("shows a shop whose offer is pending the buyer's photo, reading the request once without following it", async () => {
    // The conversation names its product (submitOffer copies it): the chat's title reads no request.
    const titled = { ...conversation, productName: "Bici da città" };
    vi.mocked(readUserConversations).mockResolvedValue([titled]);
    vi.mocked(readConversation).mockResolvedValue(titled);
    vi.mocked(useSession).mockReturnValue(session(MERCHANT, "merchant"));
    const request = makeRequest({ photoCount: 1 });
    setDeal(makeOffer(), request);
    vi.mocked(fetchRequestPhotos).mockResolvedValue([
      {
        id: "p1",
        requestId: request.id,
        customerId: BUYER,
        contentType: "image/jpeg",
        data: "/9j/p1AAAA",
        width: 640,
        height: 480,
        bytes: 9,
        createdAt: NOW,
      },
    ]);
    renderAt(`/messages/${conversation.id}`);
    const region = await screen.findByRole("region", { name: "La tua offerta" });
    expect(
      await within(region).findByRole("img", {
        name: `Foto allegata dall'acquirente: ${request.productName}`,
      }),
    ).toBeVisible();
    expect(getRequest).toHaveBeenCalledTimes(1);
    expect(getRequest).toHaveBeenCalledWith(request.id);
    // Not read again on news (the offer is): the rules close it to the shop the moment another shop's
    // offer is accepted.
    const requestReads = vi.mocked(getRequest).mock.calls.length;
    const offerReads = vi.mocked(getOffer).mock.calls.length;
    act(() => pushCounts?.({ conversations: {}, notifications: 1 }));
    await waitFor(() => expect(vi.mocked(getOffer).mock.calls.length).toBeGreaterThan(offerReads));
    expect(getRequest).toHaveBeenCalledTimes(requestReads);
  });

  it("never asks a shop that lost for the request: the title comes from its offer", async () => {
    vi.mocked(useSession).mockReturnValue(session(MERCHANT, "merchant"));
    setDeal(
      makeOffer({ status: "rejected", productName: "Bici da città" }),
      makeRequest({ status: "in_progress" }),
    );
    renderAt(`/messages/${conversation.id}`);
    const region = await screen.findByRole("region", { name: "La tua offerta" });
    expect(await within(region).findByText("Rifiutata")).toBeVisible();
    expect(await screen.findAllByText("Bici da città")).not.toHaveLength(0);
    expect(getRequest).not.toHaveBeenCalled();
    expect(screen.getByText("Questa conversazione è chiusa: l'offerta è stata rifiutata.")).toBeVisible();
  });
});
