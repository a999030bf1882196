/**
 * The signed-in shopper's address book (`/api/account/addresses`). Every write answers the whole
 * book, which replaces the cached one; guests have none (the query stays off).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddressBook, AddressInput } from "@vaki/contract/addresses";
import { apiGet, apiPost, apiRequest } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/session-store";

export const addressBookKey = (userId: string | null) => ["address-book", userId] as const;

export function fetchAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  return apiGet<AddressBook>("/account/addresses", { signal });
}

export function addressBookQuery(userId: string | null) {
  return queryOptions({
    queryKey: addressBookKey(userId),
    queryFn: ({ signal }) => fetchAddressBook(signal),
    enabled: userId !== null,
  });
}

export function useAddressBook() {
  return useQuery(addressBookQuery(useCurrentUser()?.id ?? null));
}

export type AddressChanges = AddressInput & { isDefault?: boolean };

const addressPath = (id: string) => `/account/addresses/${encodeURIComponent(id)}`;

export function addAddress(address: AddressChanges): Promise<AddressBook> {
  return apiPost<AddressBook>("/account/addresses", address);
}

export function updateAddress(id: string, changes: Partial<AddressChanges>): Promise<AddressBook> {
  return apiRequest<AddressBook>(addressPath(id), { method: "PATCH", body: changes });
}

export function deleteAddress(id: string): Promise<AddressBook> {
  return apiRequest<AddressBook>(addressPath(id), { method: "DELETE" });
}

export function setDefaultAddress(id: string): Promise<AddressBook> {
  return apiPost<AddressBook>(`${addressPath(id)}/default`);
}

/** A write whose answer (the whole book) replaces the cached one. */
function useBookWrite<Input>(write: (input: Input) => Promise<AddressBook>) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: write,
    onSuccess: (book) => queryClient.setQueryData(addressBookKey(userId), book),
  });
}

/** Saves a new address (no id) or changes one. */
export function useSaveAddress() {
  return useBookWrite((input: { id?: string | undefined; address: AddressChanges }) =>
    input.id ? updateAddress(input.id, input.address) : addAddress(input.address),
  );
}

export function useDeleteAddress() {
  return useBookWrite(deleteAddress);
}

export function useSetDefaultAddress() {
  return useBookWrite(setDefaultAddress);
}
