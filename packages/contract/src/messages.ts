/** User-facing messages shared by the server, the storefront and the tests. */
export const commonMessages = {
  ok: "OK",
  invalidInput: "Invalid data provided. Please check your information.",
  notFound: "Not found",
  routeNotFound: "No such API route",
  unauthorised: "Authentication required. Please log in first.",
  forbidden: "You are not allowed to do that",
  conflict: "That conflicts with the current state",
  tooManyRequests: "Too many requests. Please wait and try again.",
  payloadTooLarge: "Request body is too large",
  unsupportedMediaType: "Unsupported content type",
  internal: "Something went wrong on our side. Please try again.",
  databaseDown: "The shop's database is not reachable",
  unknownHost: "This shop does not answer for that host name",
} as const;

/** Catalogue messages (R-STORE-8). */
export const catalogMessages = {
  categoryNotFound: (id: number | string) => `Category with ID ${id} not found or has no products.`,
  productNotFound: (id: number | string) => `Product with ID ${id} not found`,
  productsNotFound: "Failed to fetch products. Please check your connection and try again.",
  searchMinimum: "Please enter a search keyword",
} as const;

/** Accounts, sessions, profile and password reset (R-ORD-8). */
export const accountMessages = {
  success: "Success",
  csrfIssued: "CSRF token issued",
  csrfInvalid: "Invalid or missing CSRF token",
  registered: "Account created successfully! Welcome to the shop.",
  emailTaken: "An account with this email already exists",
  mobileTaken: "An account with this mobile number already exists",
  accountExists: "An account with these details already exists",
  loginSucceeded: "Login successful! Welcome back.",
  loginFailed: "Login failed: incorrect email/phone or password",
  /** Only after the right password: a guesser learns nothing of the account's state. */
  accountBlocked: "Sign-in to this account has been blocked. Please contact us if you think this is a mistake.",
  tooManyLoginAttempts: "Too many login attempts. Please wait 15 minutes and try again.",
  tooManyRegistrations: "Too many accounts created from this network. Please wait an hour and try again.",
  sessionRefreshed: "Session refreshed",
  sessionExpired: "Your session has expired. Please log in again.",
  sessionReused: "For your security this session has been signed out. Please log in again.",
  loggedOut: "You have been logged out successfully",
  notYourAccount: "You can only access your own account",
  adminOnly: "Only shop admins can do that",
  nameInvalid: "Please enter a valid name!",
  nameTooLong: "Name must be at most 100 characters",
  nameUpdated: "Name updated successfully!",
  emailRequired: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  emailReadOnly: "Email cannot be changed",
  mobileInvalid: "Please enter a valid mobile number!",
  mobileUpdated: "Mobile number updated successfully!",
  birthdayInvalid: "Please enter a valid birthday (YYYY-MM-DD)",
  passwordRequired: "Please enter your password",
  passwordWeak: "Password must be at least 9 characters with letters, numbers and special characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordFieldsMissing: "Please fill in all password fields!",
  passwordsDoNotMatch: "Passwords do not match!",
  currentPasswordWrong: "Your current password is incorrect",
  passwordChanged: "Password changed successfully!",
  profileUpdated: "Personal information updated successfully!",
  preferencesSaved: "Preferences saved successfully!",
  identifierInvalid: "Please enter a valid email address or mobile number",
  resetAccountNotFound: "No account found with this email or mobile number",
  tooManyResetRequests: "Too many reset requests. Please wait 15 minutes before trying again",
  resetLinkSent: "We've sent a password reset link to your email. It is valid for 24 hours.",
  resetTokenMissing: "No reset token provided",
  resetTokenInvalid: "Invalid or expired reset token",
  resetTokenExpired: "This reset link has expired. Please request a new one.",
  resetTokenUsed: "This reset link has already been used. Please request a new one.",
  resetTokenValid: "Reset link is valid",
  passwordReset: "Password has been reset successfully. You can now login with your new password.",
} as const;

/** The Club sign-up (R-STORE-5 and R-STORE-8). */
export const clubMessages = {
  firstNameRequired: "Please enter your first name",
  nameTooLong: "Name must be at most 100 characters",
  emailRequired: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid 10-digit phone number",
  alreadyMember: "You are already a member of the Club.",
  tooManyJoins: "Too many sign-ups from your network. Please try again in an hour.",
  joined: "Thank you for joining the Club! We'll be in touch soon.",
  welcome: (firstName: string) => `Welcome to the Club, ${firstName}! Use code VAKI10 for 10% off your first order.`,
} as const;

/** Cart, promo codes and stock (R-STORE-4 and R-STORE-8). */
export const cartMessages = {
  fetched: "Cart fetched",
  itemAdded: "Item added to cart",
  itemUpdated: "Cart updated",
  itemRemoved: "Item removed from cart",
  cleared: "Cart cleared",
  merged: "Your guest cart was added to your cart",
  itemNotFound: "Item not found",
  productNotFound: (id: number | string) => `Product with ID ${id} not found`,
  variantNotFound: "That size or colour is not available",
  variantOfOtherProduct: "That size or colour belongs to another product",
  quantityInvalid: "Quantity must be a whole number from 1 to 10",
  lineLimit: (max: number) => `You can add at most ${max} of one item to your cart`,
  tooManyLines: (max: number) => `Your cart can hold at most ${max} different items`,
  onlyLeft: (left: number, size: string | null) => (size ? `Only ${left} left in size ${size}` : `Only ${left} left`),
  soldOut: (name: string, size: string | null) =>
    size ? `Sorry, ${name} (${size}) just sold out` : `Sorry, ${name} just sold out`,
  unavailable: (name: string) => `Sorry, ${name} is no longer available. Please remove it from your cart.`,
  guestSessionInvalid: "Invalid guest session id",
  ownerMissing: "Please log in or send your guest session id",
  itemIdInvalid: "Item not found",
  productIdInvalid: "Please choose a product",
  variantIdInvalid: "Please select a size first!",
  promoCodeRequired: "Please enter a promo code",
  promoApplied: (code: string, description: string) => `Code ${code} applied: ${description}`,
  promoRemoved: "Promo code removed",
  promoInvalid: "This code is not valid",
  promoNotStarted: "This code is not active yet",
  promoExpired: "This code has expired",
  promoUsedUp: "This code has reached its usage limit",
  promoFirstOrderOnly: "This code is only for your first order",
  promoMinimumOrder: (paise: number) =>
    `This code needs an order of at least Rs. ${(paise / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })}`,
  promoCustomerLimit: "You have already used this code the most times it allows",
} as const;

/** Orders (R-ORD-8). */
export const orderMessages = {
  created: "Order created",
  fetched: "Order fetched",
  historyFetched: "Orders fetched",
  emptyCart: "Your cart is empty",
  notFound: "Order not found or no data returned",
  orderIdInvalid: "Order not found or no data returned",
  tooManyHeld:
    "Too many items are reserved in unpaid orders already. Pay for or cancel an order first, or try again in a little while.",
} as const;

/** Checkout, payment confirmation and the confirmation e-mail (R-STORE-7-8, R-ORD-6-8). */
export const checkoutMessages = {
  initiated: "Checkout started",
  detailsFetched: "Checkout details fetched",
  webhookReceived: "Webhook received",
  checkoutNotFound: "No checkout found for this payment",
  /** R-ORD-6 — the server's refusal of someone else's checkout session. */
  notAuthorised: "Not authorized to access this checkout session",
  orderIdRequired: "No order found. Please create an order first.",
  alreadyPaid: "This order is already paid",
  orderCancelled: "This order has been cancelled. Please check out again from your cart.",
  holdExpired: "This order's reservation has run out. Please check out again from your cart.",
  paymentFailed: "The last payment for this order did not go through. Please check out again from your cart.",
  redirectNotAllowed: "The return address must be a page of this shop",
  mailSent: "We've sent your order confirmation again. It can take a minute to arrive.",
  mailAfterPayment: "Your confirmation e-mail is sent once your payment is confirmed.",
  mailNoAddress: "We don't have an e-mail address for this order yet.",
  mailTooSoon: "We've just sent it. Please wait a minute before asking again.",
  unserviceable: "We can't deliver to this pincode yet. Please check it or use another address.",
  unserviceableCountry: "We can't deliver to this country yet. Please use another address.",
  firstOrderCodeReused: (code: string) =>
    `${code} is for a first order only, and this e-mail or phone has ordered before. Go back to your cart, remove the code and check out again.`,
  codUnavailable: "Cash on delivery is not available for this pincode. Please choose another way to pay.",
  paymentPageNotFound: "This payment link is not valid. Go back to the shop and start the checkout again.",
  paymentPageExpired: "This payment link has expired. Go back to the shop and start the checkout again.",
  paymentPageOrderCancelled:
    "This order has been cancelled, so it can no longer be paid and nothing was charged. Go back to the shop to order again.",
  paymentPageOrderSettled: "This order no longer awaits payment. Open your order in the shop to see where it stands.",
} as const;

/** Cash on delivery: the phone's one-time code and the refusals, each offering prepaid payment instead. */
export const codMessages = {
  codeSent: (phone: string) =>
    `We sent a 6-digit code to ${phone}. Enter it below to place your cash-on-delivery order. It is valid for 10 minutes.`,
  codeRequired: "Enter the 6-digit code we sent to your delivery phone.",
  codeWrong: "That code is not right. Check the text message and try again.",
  codeExpired: "This code has expired or was used up. Ask for a new code.",
  tooManyTries: "Too many wrong codes. Ask for a new code.",
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`,
  tooManyCodes: "Too many codes were asked for. Please wait and try again, or pay now by UPI or card.",
  codeText: (shopName: string, code: string) =>
    `${code} is your ${shopName} code to confirm your cash-on-delivery order. It is valid for 10 minutes. Do not share it.`,
  blocked:
    "Cash on delivery is not available for this phone number or pincode. Please pay now by UPI or card instead: your order is still reserved.",
  tooManyOpen: (limit: number) =>
    `Cash on delivery is limited to ${limit} open ${limit === 1 ? "order" : "orders"} at a time. Please pay now by UPI or card instead: your order is still reserved.`,
  tooManyUnits: (limit: number) =>
    `Cash on delivery is limited to ${limit} items a day. Please pay now by UPI or card instead: your order is still reserved.`,
  orderTooLarge: (rupees: string) =>
    `Cash on delivery is available for orders up to ${rupees}. Please pay now by UPI or card instead: your order is still reserved.`,
  notToConfirm: "This order is not a cash-on-delivery order waiting to be confirmed.",
  paymentNotInReview: "This payment is not waiting for a decision.",
  blockNotFound: "There is no such cash-on-delivery block.",
  blockChanged: "That block changed meanwhile. Reload and try again.",
  blockAdded: "Cash on delivery is now blocked for it.",
  blockRemoved: "Block removed: cash on delivery is offered again.",
  codConfirmed: "Order confirmed: its shipment is being booked.",
  codCancelled: "Order cancelled: its stock is back on sale.",
  paymentRefunded: "Refund started.",
  paymentKept: "Payment kept: settle it with the shopper yourself.",
} as const;

/**
 * Shipments, tracking, cancelling and the customer's order messages (spec: accounts-and-orders
 * R-ORD-4 "Fulfilment messages" and "Cancelling", R-ORD-8). One refund wording everywhere (R-SHOP-6): 5-7 business days.
 */
export const fulfilmentMessages = {
  refundDays: "5-7 business days",
  serviceabilityFetched: "Delivery check done",
  trackingFetched: "Tracking fetched",
  noTrackingYet: "Tracking will be available once your order is handed to the courier.",
  shipmentReady: "Shipment created",
  shipmentAfterPayment: "The shipment is created once the payment is confirmed",
  orderNotShippable: "This order will not be shipped",
  mustBeAuthenticated: "User must be authenticated to cancel an order",
  /** Why a guest's order shows no Cancel button: cancelling online needs the account (R-ORD-6: logged-in customers cancel). */
  guestCannotCancel: "Guest orders can't be cancelled online. Write to us within 6 hours of ordering to cancel.",
  alreadyCancelled: "Order is already cancelled",
  cannotCancel: "This order can no longer be cancelled",
  orderChanged: "The order changed while cancelling. Please try again.",
  // R-ORD-8 "Cancel success toasts", with the single refund wording.
  cancelledPaid: "Refund will be processed within 5-7 business days.",
  cancelledUnpaid: "Payment has been cancelled and no charges were made.",
  cancelled: "Order has been cancelled.",
  pincodeInvalid: "Please enter a valid pincode",
  delivery: {
    "delhi-ncr": "Delivery in 1-2 working days",
    india: "Delivery in 3-5 business days",
    international: "Delivery in 5-7 business days (7-14 to some destinations)",
  },
  notServiceable: "We can't deliver to this pincode yet. Please check it or use another address.",
  invalidPincode: "That pincode doesn't look right. Indian pincodes have 6 digits.",
} as const;

/** Labels of payment statuses (R-ORD-4; orders page labels, else the confirmation page's). */
export const paymentStatusLabels = {
  CREATED: "Payment Initiated",
  PENDING: "Payment Pending",
  PROCESSING: "Payment Processing",
  PAID: "Paid",
  SUCCESS: "Paid",
  COMPLETED: "Completed",
  FAILED: "Payment Failed",
  FAILURE: "Payment Failed",
  CANCELLED: "Payment Cancelled",
  REFUND_PROCESSING: "Refund Processing",
  REFUNDED: "Refunded",
  PARTIALLY_REFUNDED: "Partially Refunded",
  COD_PENDING: "Pending (Cash on Delivery)",
  COD_COMPLETED: "Paid (Cash on Delivery)",
} as const;

/** Labels of order statuses (R-ORD-4). */
export const orderStatusLabels = {
  CREATED: "Awaiting Payment",
  CONFIRMED: "Confirmed",
  PROCESSING: "Processing",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
} as const;

/**
 * The customer message of an order (R-ORD-4 "Fulfilment messages"): the
 * combined order + payment message first, then the payment-status message, then the courier's,
 * then the order-status message, then a generic thank-you. Keys of `combined` are "ORDER/PAYMENT".
 */
export const orderCustomerMessages = {
  combined: {
    "CANCELLED/SUCCESS": "Your order has been cancelled. Your refund will be processed within 5-7 business days.",
    "CANCELLED/REFUND_PROCESSING":
      "Your order has been cancelled. Your refund will be processed within 5-7 business days.",
    "CANCELLED/REFUNDED": "Your order has been cancelled and your refund has been processed.",
    "CANCELLED/CANCELLED": "Your order has been cancelled. No payment was taken.",
    "CANCELLED/COD_PENDING": "Your order has been cancelled. Nothing is due on delivery.",
    // A cash-on-delivery order waiting to be confirmed by the shop (decision 0013).
    "CREATED/COD_PENDING":
      "Your cash-on-delivery order is placed. We'll confirm it before it ships; please pay in cash or UPI when it arrives.",
    "CONFIRMED/COD_PENDING": "Your order is confirmed. Please pay in cash or UPI when it arrives.",
    "PROCESSING/COD_PENDING": "We're packing your order. Please pay in cash or UPI when it arrives.",
    "SHIPPED/COD_PENDING": "Your order is on its way. Please keep the amount ready for the courier.",
    "CREATED/FAILED": "Your payment did not go through and no money was taken. You can check out again from your cart.",
  } as Readonly<Record<string, string>>,
  payment: {
    CREATED: "We're waiting for your payment. Your items are held for you for 30 minutes.",
    PENDING: "We're waiting for your payment to be confirmed.",
    PROCESSING: "Your payment is being processed.",
    FAILED: "Your payment did not go through and no money was taken.",
    FAILURE: "Your payment did not go through and no money was taken.",
    REFUND_PROCESSING: "Your refund will be processed within 5-7 business days.",
    REFUNDED: "Your refund has been processed. It can take a few days to show in your account.",
    PARTIALLY_REFUNDED: "Part of your payment has been refunded.",
  } as Readonly<Record<string, string>>,
  /** Courier statuses (normalised, as `normaliseStatus` writes them). */
  courier: {
    "READY TO SHIP": "Your order is packed and waiting for the courier.",
    "PICKUP SCHEDULED": "The courier is scheduled to pick up your order.",
    "PICKUP QUEUE": "The courier is scheduled to pick up your order.",
    "PICKED UP": "The courier has picked up your order.",
    "IN TRANSIT": "Your order is on its way.",
    "REACHED DESTINATION HUB": "Your order has reached your city's hub.",
    "OUT FOR DELIVERY": "Your order is out for delivery today.",
    UNDELIVERED: "The courier could not deliver your order. They will try again.",
    "RTO INITIATED": "Your order is being returned to us after failed delivery attempts.",
    LOST: "Your parcel has been reported lost. We'll sort it out and write to you.",
    DAMAGED: "Your parcel was damaged in transit. We'll sort it out and write to you.",
  } as Readonly<Record<string, string>>,
  order: {
    CREATED: "Your order is waiting for payment.",
    CONFIRMED: "Your order is confirmed. We'll let you know when it ships.",
    PROCESSING: "We're packing your order. It leaves our warehouse within 24 hours.",
    SHIPPED: "Your order is on its way.",
    DELIVERED: "Your order has been delivered. Enjoy!",
    CANCELLED: "Your order has been cancelled.",
  } as Readonly<Record<string, string>>,
  generic: "Thank you for shopping with us!",
} as const;
