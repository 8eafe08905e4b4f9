import { Button } from "@/components/ui/button";
import { SparklesIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { CONSENT_COPY } from "@/domain/legal/legal";

/** Google and magic-link buttons, shown in every mode but magic (spec §2). */
export function SignInAlternatives({
  busy,
  onGoogle,
  onMagic,
}: {
  busy: boolean;
  onGoogle: () => void;
  onMagic: () => void;
}) {
  return (
    <div className="space-y-3">
      <div
        className="flex items-center gap-3 text-xs font-medium text-slate-500 uppercase"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-slate-200" />
        oppure
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" className="w-full" onClick={onGoogle} disabled={busy}>
        <GoogleMark />
        Continua con Google
      </Button>
      <Button variant="ghost" className="w-full" onClick={onMagic} disabled={busy}>
        <SparklesIcon className="size-5" />
        Accedi con link magico
      </Button>
      <p className="text-xs text-slate-600">
        {CONSENT_COPY.alternativesBefore}
        <a href={paths.terms.getHref()} target="_blank" rel="noopener" className="text-brand-800 underline">
          {CONSENT_COPY.termsLink}
        </a>
        {CONSENT_COPY.alternativesMiddle}
        <a href={paths.privacy.getHref()} target="_blank" rel="noopener" className="text-brand-800 underline">
          {CONSENT_COPY.privacyLink}
        </a>
        .
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}
