// Where a bond leads: its buy and sell flows, its details page.
export const buyPath = (code: string) =>
  `/applyandinvest/bonds/buy/inquiry/?code=${encodeURIComponent(code)}`;
export const bondDetailsPath = (code: string) =>
  `/applyandinvest/pasardana/product-details/?type=bond&code=${encodeURIComponent(code)}`;
export const sellPath = (code: string) =>
  `/applyandinvest/bonds/sell/inquiry/?code=${encodeURIComponent(code)}`;
