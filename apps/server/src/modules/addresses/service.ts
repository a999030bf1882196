import { randomUUID } from "node:crypto";
import {
  type AddressBook,
  addressMessages as m,
  SAVED_ADDRESSES_MAX,
  type SavedAddress,
} from "@vaki/contract/addresses";
import type { PostalAddress } from "@vaki/contract/fulfilment";
import { commonMessages } from "@vaki/contract/messages";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import { readAddress } from "../../providers/payment/sandbox-payment-form.js";
import type { AddressesRepo } from "./repo.js";

type AddressFields = PostalAddress;

const postalOf = (address: SavedAddress): PostalAddress => ({
  fullName: address.fullName,
  line1: address.line1,
  line2: address.line2,
  city: address.city,
  state: address.state,
  pincode: address.pincode,
  country: address.country,
  phone: address.phone,
});

/**
 * A signed-in shopper's address book: at most SAVED_ADDRESSES_MAX, exactly one default while any
 * exist (the first is; deleting the default makes the newest one left the default). Every
 * address is held to its country's rules, the payment page's own, and stored normalised. Writes
 * lock the account first, so two tabs cannot pass the limit or leave two defaults.
 */
export class AddressesService {
  constructor(
    private readonly repo: AddressesRepo,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<AddressBook> {
    return { addresses: await this.repo.list(userId), max: SAVED_ADDRESSES_MAX };
  }

  async add(userId: string, input: AddressFields & { isDefault?: boolean | undefined }): Promise<AddressBook> {
    const address = this.checked(input);
    await this.repo.transaction(async (repo) => {
      await this.lock(repo, userId);
      const saved = await repo.list(userId);
      if (saved.length >= SAVED_ADDRESSES_MAX) throw new Conflict(m.full);
      const id = randomUUID();
      await repo.insert({ id, userId, address, isDefault: false, at: this.newerThan(saved) });
      if (saved.length === 0 || input.isDefault) await repo.setDefault(userId, id);
    });
    return this.list(userId);
  }

  async update(
    userId: string,
    id: string,
    input: Partial<AddressFields> & { isDefault?: boolean | undefined },
  ): Promise<AddressBook> {
    await this.repo.transaction(async (repo) => {
      await this.lock(repo, userId);
      const current = await repo.find(userId, id);
      if (!current) throw new NotFound(m.notFound);
      const { isDefault, ...fields } = input;
      if (Object.keys(fields).length > 0) {
        const address = this.checked({ ...postalOf(current), ...definedOf(fields) });
        await repo.update(userId, id, address, this.clock.now().toISOString());
      }
      if (isDefault) await repo.setDefault(userId, id);
    });
    return this.list(userId);
  }

  async setDefault(userId: string, id: string): Promise<AddressBook> {
    return this.update(userId, id, { isDefault: true });
  }

  async remove(userId: string, id: string): Promise<AddressBook> {
    await this.repo.transaction(async (repo) => {
      await this.lock(repo, userId);
      const current = await repo.find(userId, id);
      if (!current) throw new NotFound(m.notFound);
      await repo.delete(userId, id);
      if (!current.isDefault) return;
      // The list is the default first, then newest first: with the default gone, the newest leads.
      const [newest] = await repo.list(userId);
      if (newest) await repo.setDefault(userId, newest.id);
    });
    return this.list(userId);
  }

  /** The address checkout prefills the payment page with; another account's is NotFound. */
  async forCheckout(userId: string, id: string): Promise<PostalAddress> {
    const address = await this.repo.find(userId, id);
    if (!address) throw new NotFound(m.notFound, { fieldErrors: { addressId: [m.notFound] } });
    return postalOf(address);
  }

  private checked(input: AddressFields): PostalAddress {
    const read = readAddress(input);
    if (!read.ok) throw new InvalidInput(m.invalid, { fieldErrors: read.fieldErrors });
    return read.address;
  }

  private async lock(repo: AddressesRepo, userId: string): Promise<void> {
    if (!(await repo.lockUser(userId))) throw new Unauthorised(commonMessages.unauthorised);
  }

  /** Now, or a millisecond after the newest saved one: "newest" never ties. */
  private newerThan(saved: readonly SavedAddress[]): string {
    const now = this.clock.now().getTime();
    const newest = Math.max(0, ...saved.map((address) => Date.parse(address.createdAt)));
    return new Date(Math.max(now, newest + 1)).toISOString();
  }
}

/** Only the fields the caller sent (an absent key keeps the stored value). */
function definedOf<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
