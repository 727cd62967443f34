/** What other modules may use of billing: the website packages a user has bought. */
export { hasPurchasedPackage, latestPackagePurchase } from "./packages.ts";
