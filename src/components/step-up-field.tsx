// The authenticator's code asked in the dialog that releases money (docs/decisions/041), when
// the person has one and has not given it within the workspace's window; the server refuses
// the release without it (STEP_UP_REQUIRED), and then the field shows too.
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { type ReactNode, createContext, useContext, useRef, useState } from 'react';
import { fieldError } from '#/lib/field-error';
import { ApiError } from '#/api/errors';

/** The session's step-up as the session feature gives it (`useStepUp`). */
export interface StepUp {
  enrolled: boolean;
  needed: boolean;
  give: {
    isPending: boolean;
    reset(): void;
    mutateAsync(code: string): Promise<unknown>;
  };
}

/** Whether an error is the server asking for the second factor first. */
export const asksForStepUp = (error: unknown) =>
  error instanceof ApiError && error.code === 'STEP_UP_REQUIRED';

/** The step-up of a dialog or of a page: its code field and how a release goes through it. */
export interface StepUpField {
  shown: boolean;
  pending: boolean;
  noteError(error: unknown): void;
  reset(): void;
  before(run: () => void): Promise<void>;
  /** The code field, when it is asked for; Enter in it does what `onEnter` says. */
  field: ReactNode;
}

/**
 * The step-up of one dialog: the code field (when asked) and `before(run)`, which gives the code
 * first when it is needed, then runs the release. `asked` turns on after a STEP_UP_REQUIRED.
 * Enter in the field runs `onEnter` (the dialog's release), as its button would.
 */
export function useStepUpField(stepUp: StepUp, onEnter?: () => void): StepUpField {
  const { t } = useLingui();
  const enter = useRef(onEnter);
  enter.current = onEnter;
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = stepUp.enrolled && (stepUp.needed || asked);
  return {
    shown,
    pending: stepUp.give.isPending,
    /** The release went wrong: when the server asked for the code, the field is shown. */
    noteError(error: unknown) {
      if (asksForStepUp(error)) setAsked(true);
    },
    reset() {
      setCode('');
      setAsked(false);
      setProblem(null);
      stepUp.give.reset();
    },
    async before(run: () => void) {
      if (!shown) return run();
      if (code.trim() === '') {
        setProblem(t`Authenticator code is required: the six digits your app shows now`);
        return;
      }
      try {
        await stepUp.give.mutateAsync(code.trim());
        setProblem(null);
        setAsked(false);
        setCode('');
        run();
      } catch (error) {
        setProblem(
          error instanceof ApiError && error.fieldErrors[0]
            ? fieldError(t`Authenticator code`, error.fieldErrors[0].message)!
            : error instanceof Error
              ? error.message
              : t`The code was not checked.`,
        );
      }
    },
    field: shown ? (
      <TextInput
        label={t`Authenticator code`}
        description={t`Releasing money asks for the code of your authenticator app (or a recovery code).`}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          enter.current?.();
        }}
        error={problem ?? undefined}
        required
      />
    ) : null,
  };
}

const SharedStepUp = createContext<StepUpField | null>(null);

/**
 * One code field for a page of releases (the bank-detail changes waiting for someone): one code
 * covers every release for the workspace's window, so it is asked once, above them. Enter in it
 * gives the code without releasing anything; each release then goes through.
 */
export function StepUpGroup({
  stepUp,
  active,
  children,
}: {
  stepUp: StepUp;
  /** Whether anything here can be released by this person (else no field). */
  active: boolean;
  children: ReactNode;
}) {
  const shared: StepUpField = useStepUpField(stepUp, () => void shared.before(() => {}));
  return (
    <SharedStepUp.Provider value={shared}>
      {active && shared.field}
      {children}
    </SharedStepUp.Provider>
  );
}

/** The step-up of a release inside a `StepUpGroup` (whose field it uses), else its own. */
export function useGroupStepUp(stepUp: StepUp, onEnter?: () => void): StepUpField {
  const own = useStepUpField(stepUp, onEnter);
  const shared = useContext(SharedStepUp);
  return shared ? { ...shared, field: null } : own;
}
