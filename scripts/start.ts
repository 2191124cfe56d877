// `npm start`: builds the apps if their sources changed since the last build, then starts the
// server in the same process (one Node start-up, not two: a second start serves within seconds).
import { buildIfChanged } from './build-if-changed';

buildIfChanged();
await import('../src/server/main');
