import FormHelperText from '@mui/material/FormHelperText';
import { RichHelp } from '@rjsf/core';
import { helpId, type FieldHelpProps } from '@rjsf/utils';

/**
 * A field's help ("5 to 18 digits") in the helper grey even while the field shows an error: the
 * theme's help inherits the field's error red, so it read as a second error.
 */
export function FieldHelpTemplate({ fieldPathId, help, uiSchema, registry }: FieldHelpProps) {
  if (!help) return null;
  return (
    <FormHelperText component="div" id={helpId(fieldPathId)} error={false} sx={{ mt: 0.625 }}>
      <RichHelp help={help} registry={registry} uiSchema={uiSchema} />
    </FormHelperText>
  );
}

/** The engine's templates over the MUI theme's. */
export const ENGINE_TEMPLATES = { FieldHelpTemplate };
