/**
 * The handful of places the demo shop names: its customers' addresses, the metros every partner serves
 * and the remote places none does. India's own list is `delivery/india.ts`.
 */
/** States no partner reaches: islands and the high Himalaya. */
export const UNSERVED_STATES: ReadonlySet<string> = new Set([
  'Andaman and Nicobar Islands',
  'Lakshadweep',
  'Ladakh',
]);
/** Hill and north-eastern states, where fewer districts have a courier's hub. */
export const HILL_STATES: ReadonlySet<string> = new Set([
  'Arunachal Pradesh',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Uttarakhand',
]);

export interface PincodeSpec {
  pincode: string;
  office: string;
  district: string;
  state: string;
  /** which delivery partners serve it: every one, none, or those whose districts include it */
  served: 'all' | 'none' | 'some';
}

const metro = (pincode: string, office: string, district: string, state: string): PincodeSpec => ({
  pincode,
  office,
  district,
  state,
  served: 'all',
});
const town = (pincode: string, office: string, district: string, state: string): PincodeSpec => ({
  pincode,
  office,
  district,
  state,
  served: 'some',
});
const remote = (pincode: string, office: string, district: string, state: string): PincodeSpec => ({
  pincode,
  office,
  district,
  state,
  served: 'none',
});

export const PINCODES: readonly PincodeSpec[] = [
  metro('700001', 'Kolkata G.P.O.', 'Kolkata', 'West Bengal'),
  metro('110001', 'New Delhi G.P.O.', 'New Delhi', 'Delhi'),
  metro('400001', 'Mumbai G.P.O.', 'Mumbai', 'Maharashtra'),
  metro('560001', 'Bangalore G.P.O.', 'Bengaluru Urban', 'Karnataka'),
  metro('600001', 'Chennai G.P.O.', 'Chennai', 'Tamil Nadu'),
  metro('500001', 'Hyderabad G.P.O.', 'Hyderabad', 'Telangana'),
  town('380001', 'Ahmedabad G.P.O.', 'Ahmedabad', 'Gujarat'),
  town('411001', 'Pune H.O.', 'Pune', 'Maharashtra'),
  town('302001', 'Jaipur G.P.O.', 'Jaipur', 'Rajasthan'),
  town('226001', 'Lucknow G.P.O.', 'Lucknow', 'Uttar Pradesh'),
  town('221001', 'Varanasi H.O.', 'Varanasi', 'Uttar Pradesh'),
  town('800001', 'Patna G.P.O.', 'Patna', 'Bihar'),
  town('751001', 'Bhubaneswar G.P.O.', 'Khordha', 'Odisha'),
  town('781001', 'Guwahati G.P.O.', 'Kamrup Metropolitan', 'Assam'),
  town('682001', 'Kochi H.O.', 'Ernakulam', 'Kerala'),
  town('695001', 'Thiruvananthapuram G.P.O.', 'Thiruvananthapuram', 'Kerala'),
  town('641001', 'Coimbatore H.O.', 'Coimbatore', 'Tamil Nadu'),
  town('160017', 'Chandigarh Sector 17 H.O.', 'Chandigarh', 'Chandigarh'),
  town('141001', 'Ludhiana H.O.', 'Ludhiana', 'Punjab'),
  town('452001', 'Indore G.P.O.', 'Indore', 'Madhya Pradesh'),
  town('462001', 'Bhopal G.P.O.', 'Bhopal', 'Madhya Pradesh'),
  town('834001', 'Ranchi G.P.O.', 'Ranchi', 'Jharkhand'),
  town('492001', 'Raipur H.O.', 'Raipur', 'Chhattisgarh'),
  town('248001', 'Dehradun H.O.', 'Dehradun', 'Uttarakhand'),
  town('171001', 'Shimla G.P.O.', 'Shimla', 'Himachal Pradesh'),
  town('190001', 'Srinagar G.P.O.', 'Srinagar', 'Jammu and Kashmir'),
  town('403001', 'Panaji H.O.', 'North Goa', 'Goa'),
  town('395001', 'Surat H.O.', 'Surat', 'Gujarat'),
  town('530001', 'Visakhapatnam H.O.', 'Visakhapatnam', 'Andhra Pradesh'),
  town('737101', 'Gangtok H.O.', 'Gangtok', 'Sikkim'),
  town('793001', 'Shillong G.P.O.', 'East Khasi Hills', 'Meghalaya'),
  town('799001', 'Agartala H.O.', 'West Tripura', 'Tripura'),
  town('847211', 'Madhubani H.O.', 'Madhubani', 'Bihar'),
  town('731235', 'Santiniketan S.O.', 'Birbhum', 'West Bengal'),
  remote('744101', 'Port Blair H.O.', 'South Andaman', 'Andaman and Nicobar Islands'),
  remote('744301', 'Car Nicobar S.O.', 'Nicobar', 'Andaman and Nicobar Islands'),
  remote('194101', 'Leh H.O.', 'Leh', 'Ladakh'),
  remote('194103', 'Kargil H.O.', 'Kargil', 'Ladakh'),
  remote('682555', 'Kavaratti S.O.', 'Lakshadweep', 'Lakshadweep'),
  remote('790001', 'Bomdila S.O.', 'West Kameng', 'Arunachal Pradesh'),
];
