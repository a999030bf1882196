import { describe, expect, it } from "vitest";
import { dubaiFormFields, londonAddress } from "../../../test/helpers/checkout.js";
import { billingOf, form, refusedWith, ukAddress } from "../../../test/helpers/sandbox-payment.js";
import { readPaymentForm } from "./sandbox-payment-form.js";

describe("the sandbox payment form", () => {
  it("accepts a complete Indian address and normalises e-mail and phone numbers", () => {
    const read = readPaymentForm(form());
    expect(read).toEqual({
      ok: true,
      payment: {
        method: "upi",
        contact: { email: "riya@example.com", phone: "9876543210" },
        upiId: "",
        shippingAddress: {
          fullName: "Riya Sharma",
          line1: "Flat 4B, Lotus Towers",
          line2: "Sector 62",
          city: "Noida",
          state: "Uttar Pradesh",
          pincode: "201301",
          country: "India",
          phone: "9876543210",
        },
        billingAddress: {
          fullName: "Riya Sharma",
          line1: "Flat 4B, Lotus Towers",
          line2: "Sector 62",
          city: "Noida",
          state: "Uttar Pradesh",
          pincode: "201301",
          country: "India",
          phone: "9876543210",
        },
      },
    });
  });

  it("refuses pincodes that are not 6 digits starting 1-9, keyed by the form's field name", () => {
    for (const pincode of ["011001", "20130", "2013011", "20130a", ""]) {
      const read = readPaymentForm(form({ "shippingAddress.pincode": pincode }));
      expect(read.ok, pincode).toBe(false);
      if (!read.ok) expect(read.fieldErrors).toEqual({ "shippingAddress.pincode": ["Enter a 6-digit pincode"] });
    }
  });

  it("refuses phone numbers that are not 10-digit Indian mobiles and e-mails that are not e-mails", () => {
    const read = readPaymentForm(
      form({ "contact.phone": "987654321", "shippingAddress.phone": "5876543210", "contact.email": "riya@" }),
    );
    expect(refusedWith(read)).toEqual({
      "contact.email": ["Enter a valid e-mail address"],
      "contact.phone": ["Enter a 10-digit mobile number"],
      "shippingAddress.phone": ["Enter a 10-digit mobile number"],
    });
    expect(readPaymentForm(form({ "contact.phone": "09876543210" })).ok).toBe(true);
    expect(readPaymentForm(form({ "contact.phone": "919876543210" })).ok).toBe(true);
  });

  it("names every missing address field, an unknown state and an unknown method", () => {
    const read = readPaymentForm({
      method: "bitcoin",
      "contact.email": "a@b.in",
      "contact.phone": "9876543210",
      "shippingAddress.state": "Gondwana",
      "shippingAddress.country": "India",
    });
    expect(Object.keys(refusedWith(read)).sort()).toEqual([
      "method",
      "shippingAddress.city",
      "shippingAddress.fullName",
      "shippingAddress.line1",
      "shippingAddress.phone",
      "shippingAddress.pincode",
      "shippingAddress.state",
    ]);
    expect(refusedWith(read).method).toEqual(["Choose how you want to pay"]);
    expect(refusedWith(read)["shippingAddress.state"]).toEqual(["Choose a state"]);
  });

  it("keeps India's rules: a state from the list in its own spelling, a 6-digit pincode, an Indian mobile", () => {
    const typed = readPaymentForm(form({ "shippingAddress.state": "  tamil   NADU ", "shippingAddress.country": "" }));
    expect(typed.ok && typed.payment.shippingAddress).toMatchObject({ state: "Tamil Nadu", country: "India" });
    const foreignPhone = readPaymentForm(form({ "shippingAddress.phone": "+44 20 7946 0958" }));
    expect(refusedWith(foreignPhone)).toEqual({ "shippingAddress.phone": ["Enter a 10-digit mobile number"] });
    const postcode = readPaymentForm(form({ "shippingAddress.pincode": "SW1A 1AA", "shippingAddress.state": "Kent" }));
    expect(refusedWith(postcode)).toEqual({
      "shippingAddress.pincode": ["Enter a 6-digit pincode"],
      "shippingAddress.state": ["Choose a state"],
    });
  });

  it("drops field names that are not the form's, so a posted form cannot reach an object's prototype", () => {
    const read = readPaymentForm(
      form({
        "__proto__.polluted": "yes",
        "constructor.prototype.polluted": "yes",
        "shippingAddress.__proto__": "x",
        "contact.email.extra": "x",
        role: "admin",
      }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(read.ok && read.payment).toMatchObject({ method: "upi", contact: { email: "riya@example.com" } });
    expect(read.ok && Object.keys(read.payment).sort()).toEqual([
      "billingAddress",
      "contact",
      "method",
      "shippingAddress",
      "upiId",
    ]);
  });

  it("lets an address in a country without postal codes leave the code empty, and only there", () => {
    const read = readPaymentForm(form(ukAddress(dubaiFormFields)));
    expect(read.ok && read.payment.shippingAddress).toMatchObject({
      pincode: "",
      country: "United Arab Emirates",
      phone: "+971501234567",
    });
    expect(refusedWith(readPaymentForm(form(ukAddress({ "shippingAddress.pincode": "" }))))).toEqual({
      "shippingAddress.pincode": ["Enter the postal code: 3-10 letters, digits, spaces or dashes"],
    });
    expect(refusedWith(readPaymentForm(form({ "shippingAddress.pincode": "" })))).toEqual({
      "shippingAddress.pincode": ["Enter a 6-digit pincode"],
    });
  });

  it("accepts a UK address: a free-text region, the postcode in capitals, phones as +<digits>", () => {
    const read = readPaymentForm(form(ukAddress()));
    expect(read).toEqual({
      ok: true,
      payment: {
        method: "card",
        contact: { email: "riya@example.com", phone: "+447700900123" },
        upiId: "",
        shippingAddress: londonAddress,
        billingAddress: londonAddress,
      },
    });
  });

  it("accepts a US address given by country code, without a state, and reads 00 as +", () => {
    const read = readPaymentForm(
      form({
        method: "upi",
        "contact.phone": "001 212 555 0100",
        "shippingAddress.fullName": "Kabir Rao",
        "shippingAddress.line1": "350 Fifth Avenue",
        "shippingAddress.line2": "Apt 12",
        "shippingAddress.city": "New York",
        "shippingAddress.state": "",
        "shippingAddress.pincode": "10118-0110",
        "shippingAddress.country": "us",
        "shippingAddress.phone": "12125550100",
      }),
    );
    expect(read.ok && read.payment).toMatchObject({
      contact: { phone: "+12125550100" },
      shippingAddress: { state: "", pincode: "10118-0110", country: "United States", phone: "+12125550100" },
    });
  });

  it("refuses a foreign postal code the courier cannot read", () => {
    for (const pincode of ["", "N1", "SW1A 1AA 1234", "-10118", "NW1_6XE", "10118-"]) {
      const read = readPaymentForm(form(ukAddress({ "shippingAddress.pincode": pincode })));
      expect(read.ok, pincode).toBe(false);
      if (!read.ok) {
        expect(read.fieldErrors).toEqual({
          "shippingAddress.pincode": ["Enter the postal code: 3-10 letters, digits, spaces or dashes"],
        });
      }
    }
  });

  it("refuses international numbers that are too short, too long, lettered or have no country", () => {
    const message = "Enter a phone number with country code, like +44 20 7946 0958";
    for (const phone of ["+44 123", "+44 20 7946 0958 12345", "020 79", "+0 20 7946 0958", "+44 20 CALL ME", ""]) {
      const read = readPaymentForm(form(ukAddress({ "shippingAddress.phone": phone, "contact.phone": phone })));
      expect(read.ok, phone).toBe(false);
      if (!read.ok) {
        expect(read.fieldErrors, phone).toEqual({ "contact.phone": [message], "shippingAddress.phone": [message] });
      }
    }
  });

  it("gives a number typed without a country code the code of the address's country, its trunk prefix dropped", () => {
    const phonesOf = (country: string, phone: string) => {
      const read = readPaymentForm(
        form(ukAddress({ "shippingAddress.country": country, "shippingAddress.phone": phone, "contact.phone": phone })),
      );
      return read.ok ? [read.payment.shippingAddress.phone, read.payment.contact.phone] : read.fieldErrors;
    };
    expect(phonesOf("United Kingdom", "020 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    expect(phonesOf("United Kingdom", "(0)20 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    expect(phonesOf("United Kingdom", "44 20 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    expect(phonesOf("United States", "(212) 555-0100")).toEqual(["+12125550100", "+12125550100"]);
    expect(phonesOf("Germany", "030 1234567")).toEqual(["+49301234567", "+49301234567"]);
    // A number with its own country code keeps it, whatever the address's country.
    expect(phonesOf("Germany", "+44 20 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    // An unknown country gives no code to borrow: the number must bring its own.
    const atlantis = readPaymentForm(
      form(ukAddress({ "shippingAddress.country": "Atlantis", "shippingAddress.phone": "020 7946 0958" })),
    );
    expect(refusedWith(atlantis)).toMatchObject({
      "shippingAddress.country": ["Choose a country"],
      "shippingAddress.phone": ["Enter a phone number with country code, like +44 20 7946 0958"],
    });
  });

  it("reads the contact number as an Indian mobile, or with its country code, wherever the parcel goes", () => {
    const phoneOf = (phone: string, overrides: Record<string, string | undefined> = {}) => {
      const read = readPaymentForm(form({ ...overrides, "contact.phone": phone }));
      return read.ok ? read.payment.contact.phone : read.fieldErrors["contact.phone"];
    };
    expect(phoneOf("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneOf("0044 20 7946 0958")).toBe("+442079460958");
    // "(0)" is the trunk zero some countries write beside their code; it is not dialled from abroad.
    expect(phoneOf("+44 (0)20-7946-0958")).toBe("+442079460958");
    expect(phoneOf("+91 98765 43210")).toBe("9876543210");
    // Bare numbers are Indian while the parcel stays in India; India's code needs a mobile.
    expect(phoneOf("442079460958")).toEqual(["Enter a 10-digit mobile number"]);
    expect(phoneOf("+91 12345 678")).toEqual(["Enter a 10-digit mobile number"]);
    expect(phoneOf("98765 43210", ukAddress())).toBe("9876543210");
    expect(phoneOf("+91 98765 43210", ukAddress())).toBe("9876543210");
    expect(phoneOf("447700900123", ukAddress())).toBe("+447700900123");
    // Abroad, a bare number written the destination's way is read there, not as an Indian mobile.
    expect(phoneOf("07911 123456", ukAddress())).toBe("+447911123456");
    const dubai = ukAddress({
      "shippingAddress.country": "United Arab Emirates",
      "shippingAddress.phone": "+971 50 123 4567",
    });
    expect(phoneOf("050 123 4567", dubai)).toBe("+971501234567");
    // Digits that are both a US number and an Indian mobile need their country code.
    const newYork = ukAddress({
      "shippingAddress.country": "United States",
      "shippingAddress.phone": "+1 212 555 0142",
    });
    expect(phoneOf("917 555 0100", newYork)).toEqual([
      "Add the country code to this number: +91 for India, or your own country's",
    ]);
    expect(phoneOf("+1 917 555 0100", newYork)).toBe("+19175550100");
    expect(phoneOf("+91 91755 50100", newYork)).toBe("9175550100");
    expect(phoneOf("(212) 555-0142", newYork)).toBe("+12125550142");
  });

  it("offers cash on delivery only for a shipping address in India", () => {
    const abroad = readPaymentForm(form(ukAddress({ method: "cod" })));
    expect(abroad.ok).toBe(false);
    if (!abroad.ok) expect(abroad.fieldErrors).toEqual({ method: ["Cash on delivery is available only within India"] });
    const billedAbroad = readPaymentForm(
      form({ method: "cod", billingSameAsShipping: undefined, ...billingOf(ukAddress()) }),
    );
    expect(billedAbroad.ok && billedAbroad.payment).toMatchObject({
      method: "cod",
      shippingAddress: { country: "India" },
      billingAddress: { country: "United Kingdom", pincode: "NW1 6XE" },
    });
  });

  it("refuses a country the shop does not ship to, and still checks the rest of the address", () => {
    const read = readPaymentForm(
      form(ukAddress({ "shippingAddress.country": "Atlantis", "shippingAddress.pincode": "?" })),
    );
    expect(refusedWith(read)).toEqual({
      "shippingAddress.country": ["Choose a country"],
      "shippingAddress.pincode": ["Enter the postal code: 3-10 letters, digits, spaces or dashes"],
    });
    const billing = readPaymentForm(
      form({ billingSameAsShipping: undefined, ...billingOf(ukAddress({ "shippingAddress.country": "Narnia" })) }),
    );
    expect(!billing.ok && billing.fieldErrors).toEqual({ "billingAddress.country": ["Choose a country"] });
  });

  it("checks the billing address only when it is not the shipping one", () => {
    const unticked = readPaymentForm(form({ billingSameAsShipping: undefined, "billingAddress.pincode": "0" }));
    expect(refusedWith(unticked)["billingAddress.pincode"]).toEqual(["Enter a 6-digit pincode"]);
    expect(refusedWith(unticked)["billingAddress.fullName"]).toEqual(["Enter the full name"]);
    const billing = readPaymentForm(
      form({
        billingSameAsShipping: undefined,
        "billingAddress.fullName": "Kabir Rao",
        "billingAddress.line1": "12 MG Road",
        "billingAddress.city": "Bengaluru",
        "billingAddress.state": "Karnataka",
        "billingAddress.pincode": "560001",
        "billingAddress.country": "India",
        "billingAddress.phone": "9123456780",
      }),
    );
    expect(billing.ok && billing.payment.billingAddress).toMatchObject({ fullName: "Kabir Rao", pincode: "560001" });
  });

  it("reads the same thing given as nested objects", () => {
    const read = readPaymentForm({
      method: "cod",
      contact: { email: "riya@example.com", phone: "9876543210" },
      shippingAddress: {
        fullName: "Riya Sharma",
        line1: "Flat 4B",
        line2: "",
        city: "Noida",
        state: "Uttar Pradesh",
        pincode: "201301",
        country: "India",
        phone: "9876543210",
      },
    });
    expect(read.ok && read.payment.billingAddress.pincode).toBe("201301");
  });
});
