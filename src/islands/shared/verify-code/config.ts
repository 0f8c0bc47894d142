/**
 * What one purpose of the verify-code family says and does (docs/screens.md "The verify-code family"): the
 * texts of its code step and its second action. The calls, their failures and what a success does stay in the
 * screen's island, which holds the typed code and its busy state: a purpose's calls load on demand from the
 * island (page budget), and the failure handling differs by area (the settings handler, the platform rules, the
 * plain code).
 */
export interface VerifyCodeConfig {
  /** Where the code went, translated ("We texted a code to +…0123"). */
  readonly sentTo: string;
  /** The code field's label. */
  readonly label: string;
  readonly submitLabel: string;
  /** What the submit button announces while busy. */
  readonly busyLabel: string;
  readonly resendLabel: string;
  /** Sends the code again (the island's call; the server's send limits apply); not called while the step is busy. */
  readonly resend: () => void;
  /** The step's second action: another number, back, a link to the number step. */
  readonly other?:
    { readonly label: string; readonly onClick: () => void } | { readonly label: string; readonly href: string };
  /**
   * How the actions are laid out: `links` (a paragraph, the step is the page's card) or `actions` (a row of
   * buttons, the step is part of a larger form).
   */
  readonly actions: 'links' | 'actions';
}
