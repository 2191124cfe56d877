// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RISK_QUESTIONS, scoreAnswers, unansweredQuestions } from '@/shared/invest/risk-questionnaire';

const all = (option: string) => Object.fromEntries(RISK_QUESTIONS.map((q) => [q.id, option]));

describe('risk profile questionnaire', () => {
  it('maps total scores to the five profiles at the band edges', () => {
    expect(scoreAnswers({ ...all('a'), age: 'e', share: 'e' })).toEqual({ score: 7, profile: 1 });
    expect(
      scoreAnswers({
        age: 'b',
        horizon: 'c',
        objective: 'c',
        experience: 'c',
        share: 'c',
        income: 'c',
        reaction: 'c',
      }),
    ).toEqual({ score: 22, profile: 3 });
    expect(scoreAnswers({ ...all('e'), age: 'a', share: 'a' })).toEqual({ score: 35, profile: 5 });
    // 24 is still moderate, 25 moderately aggressive.
    expect(scoreAnswers({ ...all('c'), horizon: 'e', objective: 'd' }).profile).toBe(3);
    expect(scoreAnswers({ ...all('c'), horizon: 'e', objective: 'e' })).toEqual({ score: 25, profile: 4 });
  });

  it('names the questions left unanswered or answered with an unknown option', () => {
    expect(unansweredQuestions({ age: 'a', horizon: 'x' })).toEqual([
      'horizon',
      'objective',
      'experience',
      'share',
      'income',
      'reaction',
    ]);
    expect(unansweredQuestions(all('a'))).toEqual([]);
    expect(() => scoreAnswers({ age: 'a' })).toThrow();
  });
});
