/**
 * The spec's texts for the orders page and the order confirmation page (R-ORD-2
 * and R-ORD-8) that the server does not already answer. Refund wording is the one value of the shop
 * (R-SHOP-6): `fulfilmentMessages.refundDays` from the contract.
 */
import { fulfilmentMessages } from "@vaki/contract/messages";

export const ordersPageMessages = {
  title: "My Orders",
  loading: "Loading your orders...",
  fetchFailed: "Failed to fetch orders",
  historyFailed: "Failed to fetch order history",
  emptyTitle: "No orders yet",
  emptyText: "Start shopping to see your orders here",
  startShopping: "Start Shopping",
  loginTitle: "Log in to see your orders",
  loginText: "Your orders, their tracking and cancelling live in your account.",
  logIn: "Log In",
  viewDetails: "View Details",
  trackNow: "Track Now",
  cancelOrder: "Cancel Order",
  previous: "Previous",
  next: "Next",
  retry: "Retry",
} as const;

export const orderDialogMessages = {
  detailsTitle: "Order Details",
  trackTitle: "Track Order",
  cancelTitle: "Cancel Order",
  cancelQuestion: (orderNumber: string) => `Are you sure you want to cancel order ${orderNumber}?`,
  cancelRefund: `If you paid online, your refund will be processed within ${fulfilmentMessages.refundDays}.`,
  keepOrder: "Keep Order",
  confirmCancel: "Yes, Cancel Order",
  cancelling: "Cancelling...",
  cancelFailed: (reason: string) => `Failed to cancel order: ${reason}`,
  trackingLoading: "Fetching tracking information...",
  trackingFailed: "Failed to fetch tracking information",
  retry: "Retry",
  checkForUpdates: "Check for Updates",
  checking: "Checking...",
  noOrderSelected: "No order selected for tracking",
} as const;

export const confirmationMessages = {
  checkingPayment: "Checking payment status...",
  loadingOrder: "Loading your order details...",
  orderNotFoundTitle: "Order Not Found",
  paymentErrorTitle: "Payment Status Error",
  tryAgain: "Try Again",
  goHome: "Go to Home",
  noIds: "No order ID or checkout ID provided",
  fetchCheckoutFailed: "Failed to fetch checkout details",
  checkPaymentFailed: "Failed to check payment status",
  fetchOrderFailed: "An error occurred while fetching order details",
  notAuthorised: "Not authorized to access this checkout session",
  unauthorisedTitle: "Order Information",
  unauthorisedText:
    "For your privacy, an order opens only for the person who placed it. Please check your email: your order confirmation has a link that opens this page with everything in it, on any device.",
  confirmedTitle: "Order Confirmed",
  failedTitle: "Payment Failed",
  pendingTitle: "Payment Pending",
  cancelledTitle: "Order Cancelled",
  paymentOnly: "Your order details will be available shortly",
  orderInformation: "Order Information",
  contactInformation: "Contact Information",
  shippingAddress: "Shipping Address",
  orderSummary: "Order Summary",
  items: "Items",
  continueShopping: "Continue Shopping",
  viewOrders: "View My Orders",
  backToCart: "Back to Cart",
  resendEmail: "Email Me the Confirmation",
} as const;
