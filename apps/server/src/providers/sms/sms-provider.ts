/** One text message to a phone (normalised, e.g. +919876543210). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends the shop's text messages (the cash-on-delivery one-time codes). */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
