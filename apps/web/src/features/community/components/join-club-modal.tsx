import { Modal } from "../../../components/modal";
import { JoinClubForm } from "./join-club-form";
import "./join-club.css";

interface JoinClubModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The daily invitation to the Club (R-STORE-2, R-STORE-4): 10% off the first order. */
export function JoinClubModal({ open, onOpenChange }: JoinClubModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Join the Club"
      description="First dibs on every drop, secret restocks, and 10% off your first order."
      className="club-modal"
      closeLabel="Close"
      modal={false}
    >
      <div className="club-modal__perk" aria-hidden="true">
        <span className="club-modal__moon" />
        <p className="club-modal__offer">
          <span className="club-modal__offer-big">10% off</span>
          <span className="club-modal__offer-small">your first order</span>
        </p>
      </div>
      <JoinClubForm onJoined={() => onOpenChange(false)} />
      <p className="club-modal__small-print">No spam. Just drops, restocks and the odd meme.</p>
    </Modal>
  );
}
