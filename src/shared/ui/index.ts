// The shared UI kit: theme, the error dialog and handler, role notices, maintenance banners.
export { theme, createAppTheme, BRAND } from './theme';
export { whenAnswered } from './when-answered';
export { ErrorDialog, type ErrorDialogProps } from './error-dialog';
export {
  ErrorProvider,
  useErrorHandler,
  expireSession,
  toFailureLike,
  ACTION_PATHS,
  type ErrorHandler,
  type ErrorProviderProps,
  type ShowErrorOptions,
} from './error-handler';
export { CasaRequiredDialog, OPEN_ACCOUNT_PATH, type CasaRequiredDialogProps } from './casa-required-dialog';
export {
  SupplementaryNoticeDialog,
  type SupplementaryNoticeDialogProps,
} from './supplementary-notice-dialog';
export {
  useFeatureGate,
  gateFor,
  type CustomerFlags,
  type FeatureRequirement,
  type GateOutcome,
} from './feature-gate';
export {
  MaintenanceBanner,
  isBannerDismissed,
  dismissBannerLocally,
  type BannerPage,
  type MaintenanceBannerItem,
  type MaintenanceBannerProps,
} from './maintenance-banner';
export {
  SessionContext,
  useSession,
  useCustomer,
  type SessionCustomer,
  type SessionValue,
} from './session-context';
export { LanguageSwitch } from './language-switch';
export { ConfirmDeleteDialog, type ConfirmDeleteDialogProps } from './confirm-delete-dialog';
