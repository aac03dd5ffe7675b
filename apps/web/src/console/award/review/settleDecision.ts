import { ApiError, errorMessage } from '../../../api/http';

/**
 * Runs a decision (sent silent: the screen shows a refusal beside the form). A refusal because
 * the declaration changed meanwhile (409) or went away (404) also reloads, so the reviewer sees
 * what it is now and a second try carries the current lockVersion.
 * Resolves null when the decision was taken, otherwise the message to show.
 */
export async function settleDecision(decide: () => Promise<unknown>, onStale: () => unknown): Promise<string | null> {
  try {
    await decide();
    return null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) await onStale();
    return errorMessage(error);
  }
}
