// The products a customer holds as My account shows them, one kind a file.
export { toIdr } from './board-rates';
export { consolidatedPortfolio } from './consolidated-portfolio';
export { investmentPortfolio, noInvestmentProduct, productDetail } from './investment-portfolio';
export {
  installmentSummary,
  noInstallments,
  noLoan,
  octoloan,
  withdrawalNotFound,
  withdrawals,
} from './loans';
export { INSURERS, noInsurance, policies, policyDetail, type PolicyGroup } from './policies';
