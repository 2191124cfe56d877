/** The public login area (spec 2 "Login area") and '/': what the lean visitor router serves on its own. */
export const isLoginArea = (path: string): boolean => /^\/(login|autotopup)(\/|$)/.test(path) || path === '/';
