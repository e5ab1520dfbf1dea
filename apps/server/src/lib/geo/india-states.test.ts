import { describe, expect, it } from 'vitest';
import { OUTSIDE_INDIA, stateAt } from './india-states';

/** Known coordinates (city centres, about 100 m): state capitals, then towns on both sides of borders. */
const CAPITALS: [string, number, number, string][] = [
  ['Thiruvananthapuram', 8.5241, 76.9366, 'Kerala'],
  ['Chennai', 13.0827, 80.2707, 'Tamil Nadu'],
  ['Bengaluru', 12.9716, 77.5946, 'Karnataka'],
  ['Hyderabad', 17.385, 78.4867, 'Telangana'],
  ['Amaravati', 16.5131, 80.5165, 'Andhra Pradesh'],
  ['Mumbai', 19.076, 72.8777, 'Maharashtra'],
  ['Panaji', 15.4909, 73.8278, 'Goa'],
  ['Gandhinagar', 23.2156, 72.6369, 'Gujarat'],
  ['Jaipur', 26.9124, 75.7873, 'Rajasthan'],
  ['Bhopal', 23.2599, 77.4126, 'Madhya Pradesh'],
  ['Raipur', 21.2514, 81.6296, 'Chhattisgarh'],
  ['Bhubaneswar', 20.2961, 85.8245, 'Odisha'],
  ['Kolkata', 22.5726, 88.3639, 'West Bengal'],
  ['Patna', 25.5941, 85.1376, 'Bihar'],
  ['Ranchi', 23.3441, 85.3096, 'Jharkhand'],
  ['Lucknow', 26.8467, 80.9462, 'Uttar Pradesh'],
  ['Dehradun', 30.3165, 78.0322, 'Uttarakhand'],
  ['Shimla', 31.1048, 77.1734, 'Himachal Pradesh'],
  ['Chandigarh', 30.7333, 76.7794, 'Chandigarh'],
  ['New Delhi', 28.6315, 77.2167, 'Delhi'],
  ['Srinagar', 34.0837, 74.7973, 'Jammu and Kashmir'],
  ['Leh', 34.1526, 77.5771, 'Ladakh'],
  ['Gangtok', 27.3389, 88.6065, 'Sikkim'],
  ['Dispur', 26.1433, 91.7898, 'Assam'],
  ['Shillong', 25.5788, 91.8933, 'Meghalaya'],
  ['Itanagar', 27.0844, 93.6053, 'Arunachal Pradesh'],
  ['Kohima', 25.6751, 94.1086, 'Nagaland'],
  ['Imphal', 24.817, 93.9368, 'Manipur'],
  ['Aizawl', 23.7271, 92.7176, 'Mizoram'],
  ['Agartala', 23.8315, 91.2868, 'Tripura'],
  ['Puducherry (Raj Nivas)', 11.9339, 79.8298, 'Puducherry'],
  ['Port Blair', 11.6234, 92.7265, 'Andaman and Nicobar Islands'],
  ['Kavaratti', 10.5669, 72.642, 'Lakshadweep'],
  ['Daman', 20.3974, 72.8328, 'Dadra and Nagar Haveli and Daman and Diu'],
  ['Silvassa', 20.2766, 73.0086, 'Dadra and Nagar Haveli and Daman and Diu'],
];

/** Pairs across a border: each town with its neighbour on the other side. */
const BORDERS: [string, number, number, string][] = [
  // Delhi | Haryana | Uttar Pradesh
  ['Dwarka (Delhi)', 28.5921, 77.046, 'Delhi'],
  ['Gurugram', 28.4595, 77.0266, 'Haryana'],
  ['Okhla (Delhi)', 28.5355, 77.271, 'Delhi'],
  ['Noida', 28.5355, 77.391, 'Uttar Pradesh'],
  ['Faridabad', 28.4089, 77.3178, 'Haryana'],
  ['Shahdara (Delhi)', 28.6738, 77.2895, 'Delhi'],
  ['Ghaziabad', 28.6692, 77.4538, 'Uttar Pradesh'],
  // Chandigarh tricity
  ['Panchkula', 30.6942, 76.8606, 'Haryana'],
  ['Mohali', 30.7046, 76.7179, 'Punjab'],
  ['Zirakpur', 30.6425, 76.8173, 'Punjab'],
  // Telangana | Andhra Pradesh
  ['Secunderabad', 17.4399, 78.4983, 'Telangana'],
  ['Khammam', 17.2473, 80.1514, 'Telangana'],
  ['Vijayawada', 16.5062, 80.648, 'Andhra Pradesh'],
  ['Kurnool', 15.8281, 78.0373, 'Andhra Pradesh'],
  // Madhya Pradesh | Uttar Pradesh
  ['Gwalior', 26.2183, 78.1828, 'Madhya Pradesh'],
  ['Datia', 25.6653, 78.4609, 'Madhya Pradesh'],
  ['Jhansi', 25.4484, 78.5685, 'Uttar Pradesh'],
  // Rajasthan | Gujarat
  ['Mount Abu', 24.5926, 72.7156, 'Rajasthan'],
  ['Palanpur', 24.1724, 72.4346, 'Gujarat'],
  // Karnataka | Maharashtra, Tamil Nadu
  ['Belagavi', 15.8497, 74.4977, 'Karnataka'],
  ['Kolhapur', 16.705, 74.2433, 'Maharashtra'],
  ['Hosur', 12.7409, 77.8253, 'Tamil Nadu'],
  ['Anekal', 12.7105, 77.697, 'Karnataka'],
  // Ladakh | Jammu and Kashmir; West Bengal's corridor
  ['Kargil', 34.5539, 76.1349, 'Ladakh'],
  ['Siliguri', 26.7271, 88.3953, 'West Bengal'],
  ['Indore', 22.7196, 75.8577, 'Madhya Pradesh'],
];

describe('the state at a point (bundled boundaries, no network)', () => {
  it.each([...CAPITALS, ...BORDERS])('%s is in %s', (_name, lat, lng, state) => {
    expect(stateAt(lat, lng)).toBe(state);
  });

  it('answers outside India for neighbouring capitals, and nothing without coordinates', () => {
    expect(stateAt(27.7172, 85.324)).toBe(OUTSIDE_INDIA); // Kathmandu
    expect(stateAt(31.5204, 74.3587)).toBe(OUTSIDE_INDIA); // Lahore
    expect(stateAt(23.8103, 90.4125)).toBe(OUTSIDE_INDIA); // Dhaka
    expect(stateAt(null, 77.2)).toBeNull();
    expect(stateAt(28.6, undefined)).toBeNull();
  });
});
