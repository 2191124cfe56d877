import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FLOWS } from '@/engine/flows-data';
import { stepUrl } from '@/shared/flows';

/**
 * A spec page choosing between sibling flows under one route (/payment/penerimaan-negara/option/:
 * a billing code, or BPN's SPS number): the flows whose route starts with `base`, from their files.
 */
export function OptionPage({ base, titleKey }: { base: string; titleKey: string }) {
  const { t } = useTranslation(['bills', 'flows']);
  const tr = t as unknown as (k: string) => string;
  const flows = FLOWS.filter((f) => f.route.startsWith(base) && f.menu).sort(
    (a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0),
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {tr(`${titleKey}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {tr(`${titleKey}.subtitle`)}
      </Typography>
      <Paper variant="outlined">
        <List disablePadding data-testid="option-flows">
          {flows.map((f) => (
            <ListItemButton
              key={f.id}
              component={Link}
              to={stepUrl(f, 'inquiry/')}
              divider
              data-testid={`option-${f.id}`}
            >
              <ListItemText
                primary={tr(f.titleKey)}
                secondary={f.menu?.descriptionKey ? tr(f.menu.descriptionKey) : undefined}
              />
              <ChevronRightIcon color="action" />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </>
  );
}
