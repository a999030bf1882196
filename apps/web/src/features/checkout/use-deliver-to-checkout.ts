/**
 * Checkout with the "Deliver to" step: a signed-in shopper with saved addresses chooses one (the
 * default chosen) before the payment page, which opens with it filled in. Guests, and shoppers
 * with none (or whose book cannot be read), go straight on as before.
 */
import { useQueryClient } from "@tanstack/react-query";
import type { SavedAddress } from "@vaki/contract/addresses";
import { useState } from "react";
import { useCurrentUser } from "../../lib/session-store";
import { addressBookQuery } from "../addresses/addresses-api";
import { type StartCheckoutOptions, useCheckout } from "./use-checkout";

export interface DeliverToStep {
  open: boolean;
  addresses: readonly SavedAddress[];
  onOpenChange: (open: boolean) => void;
  onContinue: (addressId: string | null) => void;
  busy: boolean;
}

export function useDeliverToCheckout(): {
  checkout: (options?: StartCheckoutOptions) => Promise<void>;
  busy: boolean;
  deliverTo: DeliverToStep;
} {
  const { startCheckout, busy } = useCheckout();
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const [pending, setPending] = useState<{ options: StartCheckoutOptions; addresses: SavedAddress[] } | null>(null);

  async function checkout(options: StartCheckoutOptions = {}) {
    const addresses = userId
      ? await queryClient.fetchQuery({ ...addressBookQuery(userId), staleTime: 30_000 }).then(
          (book) => book.addresses,
          () => [],
        )
      : [];
    if (addresses.length > 0) setPending({ options, addresses });
    else await startCheckout(options);
  }

  return {
    checkout,
    busy,
    deliverTo: {
      open: pending !== null,
      addresses: pending?.addresses ?? [],
      busy,
      onOpenChange: (open) => {
        if (!open) setPending(null);
      },
      onContinue: (addressId) => {
        if (!pending) return;
        const options = addressId ? { ...pending.options, addressId } : pending.options;
        void startCheckout(options).finally(() => setPending(null));
      },
    },
  };
}
