import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { TokenWalletCard } from "@/components/tokens/token-wallet-card";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { ERROR_MESSAGES, PROFILE_SAVED_TOAST } from "@/domain/core/common-messages";
import { PRODUCT_NAME } from "@/domain/core/product";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { PRIVACY_MESSAGES } from "@/domain/people/trust-messages";
import { useSession } from "@/lib/session/session-provider";
import { useSaveProfile } from "./api/save-profile";
import { MyDecisions } from "./components/my-decisions";
import { NotificationPreferencesCard } from "./components/notification-preferences";
import { PrivacyTools } from "./components/privacy-tools";
import { ProfileDetails } from "./components/profile-details";
import { ProfileForm } from "./components/profile-form";
import { MyBlocks, MyReports } from "./components/trust-lists";
import { initialProfileValues, shopReverification } from "./lib/profile-values";

/** `/profile` (signed-in users; the route guard guarantees the session): view, edit, logout. */
export function ProfilePage() {
  const { user, userData, signOut } = useSession();
  const [editing, setEditing] = useState(false);
  // While the account is being deleted the page reads nothing more of it: the cards that read (tokens,
  // preferences, reports, blocks) leave, so neither a refetch on focus nor a remount as the users
  // document disappears asks the rules for data of an account they no longer know.
  const [deleting, setDeleting] = useState(false);
  const save = useSaveProfile();
  const { toast, toastError } = useToast();
  const navigate = useNavigate();
  // After the account is deleted the local session ends once this page has gone: ended earlier, this
  // guarded page would send the visitor to /auth (the navigation is a transition, the sign-out is not).
  const signOutOnLeave = useRef(false);
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;
  useEffect(
    () => () => {
      if (!signOutOnLeave.current) return;
      signOutRef.current().catch((error: unknown) => console.error("Sign-out after deletion failed", error));
    },
    [],
  );
  if (!user || !userData) return null;

  const handleSignOut = async () => {
    // Leave first: this guarded page would otherwise send the signed-out visitor to /auth.
    navigate(paths.home.getHref());
    try {
      await signOut();
    } catch (error) {
      console.error("Sign-out failed", error);
      toastError(ERROR_MESSAGES.logout);
    }
  };

  const handleDeleted = () => {
    signOutOnLeave.current = true;
    toast({ title: PRIVACY_MESSAGES.deleteDone });
    navigate(paths.home.getHref());
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:py-14">
      <title>{`Profilo · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Profilo</h1>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">{editing ? "Modifica i tuoi dati" : "I tuoi dati"}</CardTitle>
          {!editing ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setEditing(true)}
              disabled={userData.isFallback}
            >
              Modifica profilo
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {userData.isFallback ? (
            <p role="status" className="mb-4 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-900">
              I dati del tuo profilo non sono ancora disponibili: riprova tra qualche istante.
            </p>
          ) : null}
          {editing ? (
            <ProfileForm
              initial={initialProfileValues(userData)}
              isMerchant={userData.userType === "merchant"}
              isVerifiedShop={isVerifiedShop(userData)}
              identityFrozen={userData.userType === "merchant" && Boolean(userData.shop)}
              saving={save.isPending}
              onCancel={() => setEditing(false)}
              onSave={(update, categories) => {
                const shop = shopReverification(userData, update, categories);
                if (shop && !shop.ok) {
                  toastError(shop.message);
                  return;
                }
                save.mutate(
                  { uid: user.uid, update, shop: shop?.data ?? null },
                  {
                    onSuccess: () => {
                      toast(PROFILE_SAVED_TOAST);
                      setEditing(false);
                    },
                  },
                );
              }}
            />
          ) : (
            <ProfileDetails user={userData} />
          )}
        </CardContent>
      </Card>
      {deleting ? null : (
        <>
          <MyDecisions uid={user.uid} />
          <TokenWalletCard />
          <NotificationPreferencesCard uid={user.uid} userType={userData.userType} />
          <MyReports uid={user.uid} />
          <MyBlocks uid={user.uid} />
        </>
      )}
      <PrivacyTools onDeleting={setDeleting} onDeleted={handleDeleted} />
      <Button variant="destructive" onClick={handleSignOut}>
        Esci
      </Button>
    </div>
  );
}
