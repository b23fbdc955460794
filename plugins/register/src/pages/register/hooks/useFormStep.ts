import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** History state of a form step entered from its page: leaving it goes back to that entry. */
interface FormStepState {
  fromPage?: boolean;
}

export interface FormStep {
  /** The step's value in the address (`?<param>=<value>`); undefined while the page shows its other view. */
  value: string | undefined;
  /** Opens the step: a history entry of its own, so a phone's Back button returns to the page. */
  open(value: string): void;
  /**
   * Leaves the step: back to the entry {@link open} came from (so Forward opens it again); a step
   * opened by its address (a reload, a link) is replaced by the page. A form with input asks first
   * (RegisterForm's `guardLeaving`: the leave guard sees this navigation like the Back button).
   */
  close(): void;
}

/**
 * A form step as a history entry of its page, `?<param>=<value>` (docs/registration.md "On a
 * phone"): 企业注册's form (`?type=<id>`) and the status page's correction (`?correct=1`).
 */
export function useFormStep(param: string): FormStep {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const fromPage = (location.state as FormStepState | null)?.fromPage === true;
  const open = useCallback(
    (value: string) => {
      const state: FormStepState = { fromPage: true };
      void navigate({ search: `?${new URLSearchParams({ [param]: value })}` }, { state });
    },
    [navigate, param],
  );
  const close = useCallback(() => {
    if (fromPage) void navigate(-1);
    else void navigate({ search: '' }, { replace: true });
  }, [navigate, fromPage]);
  return { value: params.get(param) || undefined, open, close };
}
