import CircularProgress from '@mui/material/CircularProgress';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetLoading } from './widget-loading';

/** A widget whose code loads on demand (lazyWidget); `preload` brings it before a form draws it. */
export type LazyWidget = ComponentType<WidgetProps> & { preload: () => Promise<void> };

/**
 * A widget whose code (and the MUI parts only it uses) loads the first time a form needs it: a form
 * without it does not carry it. A form that names it loads it with its schema (formWidgetsReady), so
 * it draws at once; drawn before that, its field's label and value, inert, at its size.
 */
export function lazyWidget(load: () => Promise<{ default: ComponentType<WidgetProps> }>): LazyWidget {
  let loaded: ComponentType<WidgetProps> | undefined;
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
  const Widget = lazy(async () => (await preload(), { default: loaded! }));
  function LazyWidget(props: WidgetProps) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense
        fallback={
          <WidgetLoading
            id={props.id}
            label={props.label}
            value={props.value == null ? '' : String(props.value)}
          />
        }
      >
        <Widget {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWidget, { preload });
}

function FieldLoading() {
  const { t } = useTranslation('common');
  return <CircularProgress aria-label={t('loading')} />;
}

/** A custom field (`"ui:field"`) whose code loads the first time a form draws it, as lazyWidget. */
export function lazyField(load: () => Promise<{ default: ComponentType<FieldProps> }>) {
  const Field = lazy(load);
  function LazyField(props: FieldProps) {
    return (
      <Suspense fallback={<FieldLoading />}>
        <Field {...props} />
      </Suspense>
    );
  }
  return LazyField;
}
