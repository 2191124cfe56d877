import CircularProgress from '@mui/material/CircularProgress';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetLoading } from './widget-loading';

/** A component whose code loads on demand (onDemand); `preload` brings it before a form draws it. */
export type OnDemand<P extends object> = ComponentType<P> & { preload: () => Promise<void> };
export type LazyWidget = OnDemand<WidgetProps>;
export type LazyField = OnDemand<FieldProps>;

/**
 * A form's part whose code (and the MUI parts only it uses) loads the first time a form needs it: a
 * form without it does not carry it. Once loaded (a form that names it preloads it: formWidgetsReady)
 * it draws at once; drawn before that, `fallback` in its place.
 */
export function onDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode,
): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (error: unknown) => {
        loading = undefined; // asked again by the next form (offline now, maybe not then)
        throw error;
      },
    ));
  const Part = lazy(async () => (await preload(), { default: loaded! }));
  function OnDemandPart(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback(props)}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Object.assign(OnDemandPart, { preload });
}

/** A widget loaded on demand; before that, its field's label and value, inert, at its size. */
export const lazyWidget = (load: () => Promise<{ default: ComponentType<WidgetProps> }>): LazyWidget =>
  onDemand(load, (props) => (
    <WidgetLoading id={props.id} label={props.label} value={props.value == null ? '' : String(props.value)} />
  ));

function FieldLoading() {
  const { t } = useTranslation('common');
  return <CircularProgress aria-label={t('loading')} />;
}

/** A field (`"ui:field"`, or one of RJSF's own that few forms draw) loaded on demand; before that, a spinner. */
export const lazyField = (load: () => Promise<{ default: ComponentType<FieldProps> }>): LazyField =>
  onDemand(load, () => <FieldLoading />);
