// The authenticator's code asked in the dialog that releases money (docs/decisions/041), when
// the person has one and has not given it within the workspace's window; the server refuses
// the release without it (STEP_UP_REQUIRED), and then the field shows too.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
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

/**
 * The step-up of one dialog: the code field (when asked) and `before(run)`, which gives the code
 * first when it is needed, then runs the release. `asked` turns on after a STEP_UP_REQUIRED.
 */
export function useStepUpField(stepUp: StepUp) {
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
        setProblem('Authenticator code is required: the six digits your app shows now');
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
            ? `Authenticator code ${error.fieldErrors[0].message}`
            : error instanceof Error
              ? error.message
              : 'The code was not checked.',
        );
      }
    },
    field: shown ? (
      <TextInput
        label="Authenticator code"
        description="Releasing money asks for the code of your authenticator app (or a recovery code)."
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={problem ?? undefined}
        required
      />
    ) : null,
  };
}
