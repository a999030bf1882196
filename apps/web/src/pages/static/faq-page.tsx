import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { contactDetails as c, policyFacts as f } from "../../features/policies/policy-facts";
import { SHOP_NAME } from "../../lib/brand";
import { StaticPage } from "./static-page";

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

/** The ten questions (R-ORD-2 "FAQ (10 questions)"), answered from the policy facts. */
export const FAQ_QUESTIONS: readonly Question[] = [
  {
    id: "delivery-time",
    question: "How long will my order take to arrive?",
    answer: (
      <p>
        We pack every order within {f.packingHours} hours. From there, Delhi-NCR gets it in {f.delivery.delhiNcr} (often
        the next working day), the rest of India in {f.delivery.restOfIndia}, and the rest of the world in{" "}
        {f.delivery.international}.
      </p>
    ),
  },
  {
    id: "shipping-cost",
    question: "Is shipping really free?",
    answer: <p>Yes. Free on every order, with no minimum, whether it's going to Delhi, Dimapur or Dubai.</p>,
  },
  {
    id: "cod",
    question: "Can I pay Cash on Delivery?",
    answer: (
      <p>
        Yes. {f.cashOnDelivery}: choose it at checkout and pay in cash or UPI when the parcel arrives. Orders going
        abroad are paid online.
      </p>
    ),
  },
  {
    id: "first-order-code",
    question: `How do I use ${f.firstOrderCode}?`,
    answer: (
      <p>
        Add your pieces to the cart, enter <strong className="static-code">{f.firstOrderCode}</strong> in the promo code
        box and you get an extra {f.firstOrderDiscountPercent}% off. It works on your first order only, one code per
        order.
      </p>
    ),
  },
  {
    id: "cancel",
    question: "Can I cancel my order?",
    answer: (
      <p>
        Yes, within {f.cancellationHours} hours of placing it and before it ships. Logged in? Open{" "}
        <Link to="/orders">My Orders</Link> and tap Cancel Order. Ordered as a guest? Email us at{" "}
        <a href={`mailto:${c.email}`}>{c.email}</a> with your order number.
      </p>
    ),
  },
  {
    id: "refund-time",
    question: "When do I get my refund?",
    answer: (
      <p>
        Refunds go back to the way you paid within {f.refundDays} of the cancellation. Cash on Delivery orders that are
        cancelled have nothing to refund, because nothing was paid.
      </p>
    ),
  },
  {
    id: "exchange",
    question: "It doesn't fit. Can I exchange it?",
    answer: (
      <p>
        In India, yes: within {f.exchangeDays} days of delivery, open the order in My Orders and choose Exchange size,
        with the piece unworn and its tags on. We arrange the pickup and send the new size. Exchanges are for sizes
        only.
      </p>
    ),
  },
  {
    id: "international-defect",
    question: "My international order arrived damaged. What now?",
    answer: (
      <p>
        Sorry about that. Within {f.internationalDefectHours} hours of delivery, open the order in My Orders and choose
        Report a defect, with a photo or two (or email <a href={`mailto:${c.email}`}>{c.email}</a> with your order
        number), and we'll make it right.
      </p>
    ),
  },
  {
    id: "tracking",
    question: "How do I track my order?",
    answer: (
      <p>
        Logged in: <Link to="/orders">My Orders</Link>, then Track Now shows every courier update, newest first. As a
        guest, the link in your confirmation email opens your order and its tracking on any device.
      </p>
    ),
  },
  {
    id: "account",
    question: "Do I need an account to order?",
    answer: (
      <p>
        No. Check out as a guest and we'll email you a link to your order. With an account you also get your order
        history, one-tap cancelling and tracking in one place, and your cart follows you when you log in.
      </p>
    ),
  },
];

export function FaqPage() {
  return (
    <StaticPage
      name="FAQ"
      description={`Answers to the ten questions ${SHOP_NAME} hears most: delivery times, free shipping, Cash on Delivery, ${f.firstOrderCode}, cancelling, refunds, exchanges and tracking.`}
      eyebrow="Quick answers"
      lede={
        <p>
          The ten things people ask us most, answered straight. Still stuck? <Link to="/contact">Talk to us</Link>.
        </p>
      }
    >
      <Accordion.Root type="single" collapsible className="faq">
        {FAQ_QUESTIONS.map((item, index) => (
          <Accordion.Item key={item.id} value={item.id} className="faq__item">
            <Accordion.Header asChild>
              <h2 className="faq__heading">
                <Accordion.Trigger className="faq__trigger">
                  <span className="faq__number" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <span className="faq__question">{item.question}</span>
                  <ChevronDown aria-hidden="true" className="faq__chevron" />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="faq__content">
              <div className="faq__answer">{item.answer}</div>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </StaticPage>
  );
}
