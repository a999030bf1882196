import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Modal } from "../../../components/modal";
import { safeRedirect } from "../../../lib/paths";
import { useCurrentUser } from "../../../lib/session-store";
import { closeOverlay, useUiStore } from "../../../lib/ui-store";
import { type LoginView, useLoginModalStore } from "../login-modal-store";
import { AccountView } from "./account-view";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import "./auth-forms.css";
import "./login-modal.css";

const TITLES: Readonly<Record<LoginView, string>> = {
  login: "Login",
  forgot: "Forgot Password",
  register: "Create New Account",
};

const DESCRIPTIONS: Readonly<Record<LoginView, string>> = {
  login: "Good to see you again. Log in to track your orders and check out faster.",
  forgot: "We'll help you get back in.",
  register: "Join the shop: track orders, save your details, check out faster.",
};

/**
 * The login modal (R-ORD-2 "Login modal", R-STORE-4 "Login success"):
 * LOGIN, FORGOT PASSWORD and CREATE NEW ACCOUNT views, and the account view when logged in.
 * Closing it resets every form (the forms unmount) and returns to the LOGIN view.
 */
export function LoginModal() {
  const open = useUiStore((state) => state.overlay === "login");
  const view = useLoginModalStore((state) => state.view);
  const setView = useLoginModalStore((state) => state.setView);
  const user = useCurrentUser();
  const navigate = useNavigate();

  // Closed from anywhere (logout, a link, the route guard): the next opening starts on LOGIN.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) setView("login");
    wasOpen.current = open;
  }, [open, setView]);

  function close() {
    closeOverlay();
    setView("login");
  }

  /** Login success: close, then go where the route guard wanted (the cart and header follow the session). */
  function afterLogin() {
    const target = safeRedirect(useUiStore.getState().loginRedirect);
    close();
    if (target) void navigate(target, { replace: true });
  }

  const title = user ? "Welcome Back!" : TITLES[view];
  const description = user ? undefined : DESCRIPTIONS[view];

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      description={description}
      className="login-modal"
    >
      {user ? (
        <AccountView user={user} onClose={close} />
      ) : view === "forgot" ? (
        <ForgotPasswordForm onBackToLogin={() => setView("login")} />
      ) : view === "register" ? (
        <RegisterForm onBackToLogin={() => setView("login")} onRegistered={afterLogin} />
      ) : (
        <LoginForm
          onForgot={() => setView("forgot")}
          onCreateAccount={() => setView("register")}
          onLoggedIn={afterLogin}
        />
      )}
    </Modal>
  );
}
