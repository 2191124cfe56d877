import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, use, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { whenAnswered } from '@/shared/ui/when-answered';

afterEach(cleanup);

// A page part that waits for something not there yet (a lazy chunk, say).
const never = new Promise<string>(() => undefined);
function Waiting() {
  return <p>{use(never)}</p>;
}

/** Where the test reaches the page's update, as a server's answer would. */
const page: { answer: (show: boolean) => void } = { answer: () => undefined };
function Page({ wrap }: { wrap: boolean }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    page.answer = wrap ? whenAnswered((s: boolean) => setShow(s)) : setShow;
  }, [wrap]);
  return (
    <Suspense fallback={<p>loading</p>}>
      <p>what the page shows</p>
      {show && <Waiting />}
    </Suspense>
  );
}

describe('an answer from the server as a transition', () => {
  it('keeps what the page shows while the update it brings is not ready (React renders it as a transition)', async () => {
    render(<Page wrap />);
    await act(async () => page.answer(true));
    expect(screen.getByText('what the page shows')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('(an ordinary update, for contrast, replaces the page with its fallback)', async () => {
    render(<Page wrap={false} />);
    await act(async () => page.answer(true));
    expect(screen.queryByText('loading')).toBeTruthy();
  });

  it('passes the answer on to the update', async () => {
    const got: unknown[] = [];
    whenAnswered((...a: unknown[]) => got.push(a))(1, 'two');
    expect(got).toEqual([[1, 'two']]);
  });
});
