import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { adminMessages, stepUpRequestSchema } from "@vaki/contract/admin/schemas";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Dialog, DialogClose } from "../../components/dialog";
import { setStepUpHandler } from "../../lib/api-client";
import { errorMessage } from "../../lib/api-error";
import { meQueryKey, stepUp } from "./api";

type StepUpForm = z.input<typeof stepUpRequestSchema>;

/**
 * Answers the server's "step_up_required": asks for the password and a fresh code, confirms them,
 * and lets the api client repeat the call that asked. Cancelling fails that call as it was.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    pending.current?.(confirmed);
    pending.current = null;
    setOpen(false);
  }, []);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setOpen(true);
        }),
    );
    return () => {
      setStepUpHandler(null);
      pending.current?.(false);
    };
  }, []);

  return (
    <>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) settle(false);
        }}
        title="Confirm it is you"
        description={adminMessages.stepUpRequired}
      >
        <StepUpFormBody
          onConfirmed={(stepUpUntil) => {
            queryClient.setQueryData(meQueryKey, (me: { stepUpUntil: string | null } | undefined) =>
              me ? { ...me, stepUpUntil } : me,
            );
            settle(true);
          }}
        />
      </Dialog>
    </>
  );
}

function StepUpFormBody({ onConfirmed }: { onConfirmed: (stepUpUntil: string) => void }) {
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<StepUpForm>({
    resolver: zodResolver(stepUpRequestSchema),
    defaultValues: { password: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await stepUp(stepUpRequestSchema.parse(values));
      onConfirmed(answer.stepUpUntil);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="step-up-password">Password</label>
        <input
          id="step-up-password"
          className="input"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "step-up-password-error" : undefined}
          {...form.register("password")}
        />
        {errors.password ? (
          <p id="step-up-password-error" className="field__error">
            {errors.password.message}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="step-up-code">Code from your authenticator app</label>
        <input
          id="step-up-code"
          className="input input--code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? "step-up-code-error" : undefined}
          {...form.register("code")}
        />
        {errors.code ? (
          <p id="step-up-code-error" className="field__error">
            {errors.code.message}
          </p>
        ) : null}
      </div>
      <div className="dialog__actions">
        <DialogClose asChild>
          <button type="button" className="button button--secondary">
            Cancel
          </button>
        </DialogClose>
        <button type="submit" className="button" disabled={isSubmitting}>
          Confirm
        </button>
      </div>
    </form>
  );
}
