import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { RichHelp } from '@rjsf/core';
import { helpId, type FieldHelpProps, type TitleFieldProps } from '@rjsf/utils';

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

/**
 * The title of a group of fields (a list of passengers, each passenger) as a heading under the page's
 * h1: the theme's h5 broke the order of headings screen readers navigate by (axe heading-order).
 */
export function TitleFieldTemplate({ id, title, optionalDataControl }: TitleFieldProps) {
  return (
    <Box id={id} sx={{ mb: 1, mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {optionalDataControl}
      </Box>
      <Divider />
    </Box>
  );
}

/** The engine's templates over the MUI theme's. */
export const ENGINE_TEMPLATES = { FieldHelpTemplate, TitleFieldTemplate };
