/** The referrer a /referrals/{address} link left in this browser (until it is applied). */
export const REFERRER_KEY = "referral:referrer";
