import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { columnsOf } from './columns';
import { cellId, LargeArrayRow, type RowActions, type RowData, type RowErrors } from './large-array-row';
import { renderedIndexes, rowWindow, sameWindow, type RowWindow } from './window';
import { largeArrayStyles } from './large-array-styles';
import { errorsFromSchema, rowErrorsOf, wrapAtPath, type AjvError } from './row-errors';

const ROW_HEIGHT = 68;
const VIEWPORT_HEIGHT = 476;
const OVERSCAN = 4;

const num = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback);

/**
 * An RJSF array field for long arrays of flat rows (a mass transfer's beneficiaries): renders only the
 * rows in view (fixed row height), re-renders only the row being typed in, and validates a row when focus
 * leaves it. Form data stays in RJSF's shape, so the same JSON Schema validates on submit and on the server.
 * uiSchema: `"ui:field": "LargeArrayField"`, `items` holds each column's `ui:title`, `ui:widget`
 * (`digits`, `amount`), `ui:placeholder`, `ui:errors`; `ui:options` may set `rowHeight` and `height` (px).
 */
export function LargeArrayField(props: FieldProps<RowData[]>) {
  const {
    schema,
    uiSchema,
    formData,
    errorSchema,
    fieldPathId,
    registry,
    onChange,
    disabled,
    readonly,
    name,
  } = props;
  const { t, i18n } = useTranslation();
  // Titles and messages come from the uiSchema (data), so their keys are not known to the typed `t`.
  const translate = useCallback(
    (key: string) =>
      (t as unknown as (k: string, o: { defaultValue: string }) => string)(key, { defaultValue: key }),
    [t],
  );

  const items = useMemo(() => (Array.isArray(formData) ? formData : []), [formData]);
  const itemSchema = useMemo(
    () => registry.schemaUtils.retrieveSchema((schema.items ?? {}) as RJSFSchema),
    [registry.schemaUtils, schema.items],
  );
  const itemsUi = uiSchema?.items as FieldProps['uiSchema'];
  const columns = useMemo(() => columnsOf(itemSchema, itemsUi), [itemSchema, itemsUi]);
  const options = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const rowHeight = num(options.rowHeight, ROW_HEIGHT);
  const viewport = num(options.height, VIEWPORT_HEIGHT);
  const idPrefix = fieldPathId.$id;
  const path = fieldPathId.path;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const count = items.length;

  const scrollRef = useRef<HTMLDivElement>(null);
  const [win, setWin] = useState<RowWindow>(() => rowWindow(0, viewport, rowHeight, count, OVERSCAN));
  const [focused, setFocused] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ index: number; key: string } | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<number, RowErrors | null>>({});
  const [announcement, setAnnouncement] = useState('');

  // Callbacks read the latest props through refs, so the row actions never change identity.
  const latest = useRef({ items, onChange, path, columns, registry, itemSchema, localErrors, translate, t });
  useLayoutEffect(() => {
    latest.current = { items, onChange, path, columns, registry, itemSchema, localErrors, translate, t };
  });

  const refreshWindow = useCallback(() => {
    const el = scrollRef.current;
    const n = latest.current.items.length;
    const next = rowWindow(el?.scrollTop ?? 0, el?.clientHeight || viewport, rowHeight, n, OVERSCAN);
    setWin((prev) => (sameWindow(prev, next) ? prev : next));
  }, [viewport, rowHeight]);
  useEffect(refreshWindow, [refreshWindow, count]);
  const onScroll = useCallback((_e: UIEvent<HTMLDivElement>) => refreshWindow(), [refreshWindow]);

  const scrollToRow = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el) return;
      const top = index * rowHeight;
      const height = el.clientHeight || viewport;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + height) el.scrollTop = top + rowHeight - height;
      refreshWindow();
    },
    [rowHeight, viewport, refreshWindow],
  );

  const requestFocus = useCallback(
    (index: number, key: string) => {
      setFocused(index);
      scrollToRow(index);
      setFocusRequest({ index, key });
    },
    [scrollToRow],
  );
  useEffect(() => {
    if (focusRequest)
      document.getElementById(cellId(idPrefix, focusRequest.index, focusRequest.key))?.focus();
  }, [focusRequest, idPrefix]);

  /** Checks one row with the form's own validator (precompiled in the product) and keeps its messages. */
  const validateRow = useCallback((index: number, rows: RowData[]) => {
    const { path: p, columns: cols, registry: reg, translate: tr } = latest.current;
    if (index >= rows.length) return;
    const data = wrapAtPath(p, rows);
    const { errors } = reg.schemaUtils.getValidator().rawValidation<AjvError>(reg.rootSchema, data as never);
    const found = rowErrorsOf(errors ?? [], `/${[...p, index].join('/')}`, cols, tr);
    setLocalErrors((prev) => ({ ...prev, [index]: found }));
  }, []);

  const actions = useMemo<RowActions>(
    () => ({
      commitRow: (index, edited) => {
        const { items: rows, onChange: change, path: p } = latest.current;
        if (index >= rows.length) return;
        if (edited) {
          // RJSF sets a value at a path inside the field's data; its type names only the field's own value.
          change(edited as never, [...p, index], undefined, `${idPrefix}_${index}`);
          validateRow(
            index,
            rows.map((r, i) => (i === index ? edited : r)),
          );
        } else validateRow(index, rows);
      },
      focusRow: (index) => setFocused(index),
      remove: (index) => {
        const { items: rows, onChange: change, path: p, t: tt } = latest.current;
        change(
          rows.filter((_, i) => i !== index),
          p,
        );
        setLocalErrors((prev) => {
          const next: Record<number, RowErrors | null> = {};
          for (const [k, v] of Object.entries(prev)) {
            const i = Number(k);
            if (i !== index) next[i > index ? i - 1 : i] = v;
          }
          return next;
        });
        setFocused(null);
        setAnnouncement(tt('engine:largeArray.removed', { row: index + 1, count: rows.length - 1 }));
      },
      move: (index, key, delta) => {
        const target = index + delta;
        if (target >= 0 && target < latest.current.items.length) requestFocus(target, key);
      },
    }),
    [idPrefix, validateRow, requestFocus],
  );

  const add = () => {
    const { items: rows, registry: reg, itemSchema: item, columns: cols } = latest.current;
    const blank = (reg.schemaUtils.getDefaultFormState(item, undefined) ?? {}) as RowData;
    onChange([...rows, blank], path);
    setAnnouncement(t('engine:largeArray.added', { row: rows.length + 1, count: rows.length + 1 }));
    const first = cols[0];
    // The new row exists after RJSF commits the change; scroll and focus it then.
    if (first) setTimeout(() => requestFocus(rows.length, first.key), 0);
  };

  // Rows with a message (from submit or from leaving a row), for the summary: many may be out of view.
  const invalidRows = useMemo(() => {
    const set = new Set<number>();
    for (const k of Object.keys(errorSchema ?? {}))
      if (k !== '__errors' && errorsFromSchema(errorSchema, Number(k))) set.add(Number(k));
    for (const [k, v] of Object.entries(localErrors)) {
      if (v === null) set.delete(Number(k));
      else if (Object.values(v).some(Boolean)) set.add(Number(k));
    }
    return [...set].filter((i) => i < count).sort((a, b) => a - b);
  }, [errorSchema, localErrors, count]);
  const firstInvalid = invalidRows[0];
  const rowErrors = (index: number): RowErrors | undefined => {
    const local = localErrors[index];
    return local === undefined ? errorsFromSchema(errorSchema, index) : (local ?? undefined);
  };
  const arrayErrors = (errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];

  const title = translate(
    (typeof uiSchema?.['ui:title'] === 'string' ? uiSchema['ui:title'] : undefined) ?? schema.title ?? name,
  );
  const canRemove = count > minItems && !readonly && !disabled;

  return (
    <Box className="lar" sx={largeArrayStyles}>
      <div className="lar-top">
        <Typography variant="subtitle1" component="h3" id={`${idPrefix}__title`} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {Number.isFinite(maxItems)
            ? t('engine:largeArray.countOfMax', { count, max: maxItems })
            : t('engine:largeArray.count', { count })}
        </Typography>
      </div>
      {arrayErrors.map((msg) => (
        <Alert key={msg} severity="error" sx={{ mb: 1 }}>
          {msg}
        </Alert>
      ))}
      {firstInvalid !== undefined && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                const errs = rowErrors(firstInvalid);
                const key = columns.find((c) => errs?.[c.key])?.key ?? columns[0]?.key;
                if (key) requestFocus(firstInvalid, key);
              }}
            >
              {t('engine:largeArray.goToRow', { row: firstInvalid + 1 })}
            </Button>
          }
        >
          {t('engine:largeArray.rowsWithErrors', { count: invalidRows.length })}
        </Alert>
      )}
      <div
        role="table"
        aria-labelledby={`${idPrefix}__title`}
        aria-rowcount={count + 1}
        className="lar-table"
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="lar-head-row">
            <div role="columnheader" className="lar-num">
              {t('engine:largeArray.rowNo')}
            </div>
            {columns.map((c) => (
              <div
                role="columnheader"
                key={c.key}
                id={`${idPrefix}__col_${c.key}`}
                className="lar-cell"
                style={{ flexGrow: c.width }}
              >
                {translate(c.title)}
                {c.required ? <span aria-hidden="true"> *</span> : null}
              </div>
            ))}
            <div role="columnheader" className="lar-action">
              <span className="lar-sr">{t('engine:largeArray.actions')}</span>
            </div>
          </div>
        </div>
        <div
          role="rowgroup"
          className="lar-scroll"
          ref={scrollRef}
          onScroll={onScroll}
          style={{ height: count === 0 ? 'auto' : Math.min(viewport, count * rowHeight + 2) }}
        >
          {count === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              {t('engine:largeArray.empty')}
            </Typography>
          ) : (
            <div style={{ height: count * rowHeight, position: 'relative' }}>
              {renderedIndexes(win, focused, count).map((i) => (
                <LargeArrayRow
                  key={i}
                  index={i}
                  row={items[i] ?? {}}
                  columns={columns}
                  errors={rowErrors(i)}
                  idPrefix={idPrefix}
                  rowHeight={rowHeight}
                  rowLabel={t('engine:largeArray.row', { row: i + 1 })}
                  removeLabel={t('engine:largeArray.remove', { row: i + 1 })}
                  canRemove={canRemove}
                  disabled={Boolean(disabled)}
                  readonly={Boolean(readonly)}
                  actions={actions}
                  translate={translate}
                  lang={i18n.language}
                />
              ))}
            </div>
          )}
        </div>
      </div>
      <Button
        startIcon={<Add />}
        onClick={add}
        disabled={count >= maxItems || disabled || readonly}
        variant="outlined"
        sx={{ mt: 1.5 }}
      >
        {typeof options.addLabel === 'string' ? translate(options.addLabel) : t('engine:largeArray.add')}
      </Button>
      <div className="lar-sr" aria-live="polite">
        {announcement}
      </div>
    </Box>
  );
}
