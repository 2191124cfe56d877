// The jsdom tests run beside the server and browser projects on a 2-core machine: under that load a
// page's first render can take longer than Testing Library's default second, which failed findBy*
// queries that pass on a quiet machine. Waiting longer changes no assertion, only how long a wait may last.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
