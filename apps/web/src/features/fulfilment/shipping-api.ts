/**
 * Delivery check (GET /api/shipping/serviceability): whether the courier serves a pincode, with
 * cash on delivery, and in how many days. The last pincode checked is remembered on this device.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ServiceabilityAnswer } from "@vaki/contract/checkout";
import { indianPincodePattern } from "@vaki/contract/fulfilment-rules";
import { apiGet } from "../../lib/api-client";
import { readStored, writeStored } from "../../lib/storage";

const PINCODE_STORAGE_KEY = "vaki:pincode";
/** Indian pincodes the couriers serve (999999 is not one). */
export const PINCODE_PATTERN = indianPincodePattern;

export function isPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

export function rememberedPincode(): string {
  const stored = readStored(PINCODE_STORAGE_KEY) ?? "";
  return isPincode(stored) ? stored : "";
}

export function rememberPincode(pincode: string): void {
  writeStored(PINCODE_STORAGE_KEY, pincode);
}

export function fetchServiceability(pincode: string, signal?: AbortSignal): Promise<ServiceabilityAnswer> {
  return apiGet<ServiceabilityAnswer>("/shipping/serviceability", { query: { pincode }, signal });
}

export function serviceabilityQuery(pincode: string) {
  return queryOptions({
    queryKey: ["shipping", "serviceability", pincode] as const,
    queryFn: ({ signal }) => fetchServiceability(pincode, signal),
    // Courier coverage changes rarely; one answer per pincode per visit is plenty.
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

/** The answer for a checked pincode (nothing is asked until there is one). */
export function useServiceability(pincode: string | null) {
  return useQuery({ ...serviceabilityQuery(pincode ?? ""), enabled: pincode !== null && isPincode(pincode) });
}
