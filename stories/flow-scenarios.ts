/** The outcomes every flow is reviewed in (issue: each step and outcome, in both languages). */
export interface StoryScenario {
  id: string;
  label: string;
  /** A shared interaction from stories/flow-plays.ts. */
  play?: 'submitEmptyForm';
}

export const STORY_SCENARIOS: readonly StoryScenario[] = [
  { id: 'inquiry-empty', label: 'Inquiry · empty' },
  { id: 'inquiry-errors', label: 'Inquiry · with errors', play: 'submitEmptyForm' },
  { id: 'verify-otp', label: 'Verify · OTP' },
  { id: 'verify-approval-waiting', label: 'Verify · approval waiting' },
  { id: 'verify-approval-expired', label: 'Verify · approval expired' },
  { id: 'verify-approval-rejected', label: 'Verify · approval rejected' },
  { id: 'receipt-success', label: 'Receipt · success' },
  { id: 'receipt-pending', label: 'Receipt · in progress' },
  { id: 'receipt-failed', label: 'Receipt · failed' },
];
