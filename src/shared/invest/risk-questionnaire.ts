/**
 * The investment risk profile questionnaire: questions, their answers' scores and the profile a
 * total score gives. Shared so the page shows exactly what the server scores; the words are in
 * locales (invest: risk.questions.<id>).
 */

export type RiskProfileLevel = 1 | 2 | 3 | 4 | 5;

export interface RiskQuestion {
  id: string;
  options: ReadonlyArray<{ id: string; score: number }>;
}

export const QUESTIONNAIRE_VERSION = 1;

/** Months a profile stays valid after the questionnaire (then it must be filled in again). */
export const RISK_PROFILE_VALID_MONTHS = 12;

const scored = (...scores: number[]) =>
  scores.map((score, i) => ({ id: String.fromCharCode(97 + i), score }));

export const RISK_QUESTIONS: readonly RiskQuestion[] = [
  { id: 'age', options: scored(5, 4, 3, 2, 1) },
  { id: 'horizon', options: scored(1, 2, 3, 4, 5) },
  { id: 'objective', options: scored(1, 2, 3, 4, 5) },
  { id: 'experience', options: scored(1, 2, 3, 4, 5) },
  { id: 'share', options: scored(5, 4, 3, 2, 1) },
  { id: 'income', options: scored(1, 2, 3, 4, 5) },
  { id: 'reaction', options: scored(1, 2, 3, 4, 5) },
];

/** Highest total score of each profile, conservative first (7 questions of 1-5 points: 7-35). */
const BANDS: ReadonlyArray<[maxScore: number, profile: RiskProfileLevel]> = [
  [12, 1],
  [18, 2],
  [24, 3],
  [30, 4],
  [35, 5],
];

export type Answers = Record<string, string>;

/** The missing or unknown answers, by question id (empty when the questionnaire is complete). */
export function unansweredQuestions(answers: Answers): string[] {
  return RISK_QUESTIONS.filter((q) => !q.options.some((o) => o.id === answers[q.id])).map((q) => q.id);
}

/** Score and profile of complete answers; throws on an incomplete questionnaire (check it first). */
export function scoreAnswers(answers: Answers): { score: number; profile: RiskProfileLevel } {
  let score = 0;
  for (const q of RISK_QUESTIONS) {
    const option = q.options.find((o) => o.id === answers[q.id]);
    if (!option) throw new Error(`question ${q.id} is not answered`);
    score += option.score;
  }
  const profile = BANDS.find(([max]) => score <= max)?.[1] ?? 5;
  return { score, profile };
}

/** Locale key suffix of each profile (invest: risk.profiles.<name>). */
export const PROFILE_NAMES: Record<RiskProfileLevel, string> = {
  1: 'conservative',
  2: 'moderatelyConservative',
  3: 'moderate',
  4: 'moderatelyAggressive',
  5: 'aggressive',
};
