/** The member app's languages beyond English and Hindi (their texts live here to keep each file short). */
export const REGIONAL_LANGUAGES = ['mr', 'gu', 'ta'] as const;
export type RegionalLanguage = (typeof REGIONAL_LANGUAGES)[number];

/**
 * One event in one language: the SMS/WhatsApp wording, the push title (events that have one in
 * English) and a push body when it differs from the SMS (see PUSH_TEXTS).
 */
export interface RegionalText {
  sms: string;
  title?: string;
  push?: string;
}

/**
 * Marathi, Gujarati and Tamil texts of every event, the same placeholders as the English ones
 * (templates.test.ts checks it). The brand stays "Action Tesa", as registered with DLT.
 */
export const REGIONAL_TEXTS = {
  'points.expiring': {
    mr: {
      title: 'पॉइंट्सची मुदत संपणार',
      sms: 'प्रिय {name}, तुमचे {points} Action Tesa पॉइंट्स {date} रोजी संपतील. त्याआधी ते रिडीम करा.',
    },
    gu: {
      title: 'પોઇન્ટ્સની મુદત પૂરી થશે',
      sms: 'પ્રિય {name}, તમારા {points} Action Tesa પોઇન્ટ્સ {date} ના રોજ પૂરા થશે. તે પહેલાં રિડીમ કરો.',
    },
    ta: {
      title: 'புள்ளிகள் காலாவதியாகின்றன',
      sms: 'அன்புள்ள {name}, உங்கள் {points} Action Tesa புள்ளிகள் {date} அன்று காலாவதியாகும். அதற்கு முன் ரிடீம் செய்யுங்கள்.',
    },
  },
  otp: {
    mr: { sms: 'तुमचा Action Tesa कोड {code} आहे. तो {minutes} मिनिटांत संपेल.' },
    gu: { sms: 'તમારો Action Tesa કોડ {code} છે. તે {minutes} મિનિટમાં પૂરો થશે.' },
    ta: { sms: 'உங்கள் Action Tesa குறியீடு {code}. இது {minutes} நிமிடங்களில் காலாவதியாகும்.' },
  },
  'registration.approved': {
    mr: {
      title: 'नोंदणी मंजूर',
      sms: 'प्रिय {name}, तुमची Action Tesa नोंदणी मंजूर झाली आहे. स्वागत आहे!',
    },
    gu: {
      title: 'નોંધણી મંજૂર',
      sms: 'પ્રિય {name}, તમારી Action Tesa નોંધણી મંજૂર થઈ છે. સ્વાગત છે!',
    },
    ta: {
      title: 'பதிவு அங்கீகரிக்கப்பட்டது',
      sms: 'அன்புள்ள {name}, உங்கள் Action Tesa பதிவு அங்கீகரிக்கப்பட்டது. வரவேற்கிறோம்!',
    },
  },
  'registration.rejected': {
    mr: {
      title: 'नोंदणी मंजूर झाली नाही',
      sms: 'प्रिय {name}, तुमची Action Tesa नोंदणी मंजूर झाली नाही. कारण: {reason}',
    },
    gu: {
      title: 'નોંધણી મંજૂર થઈ નથી',
      sms: 'પ્રિય {name}, તમારી Action Tesa નોંધણી મંજૂર થઈ નથી. કારણ: {reason}',
    },
    ta: {
      title: 'பதிவு அங்கீகரிக்கப்படவில்லை',
      sms: 'அன்புள்ள {name}, உங்கள் Action Tesa பதிவு அங்கீகரிக்கப்படவில்லை. காரணம்: {reason}',
    },
  },
  'kyc.approved': {
    mr: { title: 'केवायसी पडताळले', sms: 'प्रिय {name}, तुमचे Action Tesa केवायसी पडताळले गेले आहे.' },
    gu: { title: 'કેવાયસી ચકાસાયું', sms: 'પ્રિય {name}, તમારું Action Tesa કેવાયસી ચકાસાઈ ગયું છે.' },
    ta: {
      title: 'கேஒய்சி சரிபார்க்கப்பட்டது',
      sms: 'அன்புள்ள {name}, உங்கள் Action Tesa கேஒய்சி சரிபார்க்கப்பட்டது.',
    },
  },
  'kyc.rejected': {
    mr: {
      title: 'केवायसी नामंजूर',
      sms: 'प्रिय {name}, तुमचे Action Tesa केवायसी नामंजूर झाले. कारण: {reason}. कृपया ॲपमध्ये पुन्हा जमा करा.',
    },
    gu: {
      title: 'કેવાયસી નામંજૂર',
      sms: 'પ્રિય {name}, તમારું Action Tesa કેવાયસી નામંજૂર થયું. કારણ: {reason}. કૃપા કરીને એપમાં ફરી જમા કરો.',
    },
    ta: {
      title: 'கேஒய்சி நிராகரிக்கப்பட்டது',
      sms: 'அன்புள்ள {name}, உங்கள் Action Tesa கேஒய்சி நிராகரிக்கப்பட்டது. காரணம்: {reason}. செயலியில் மீண்டும் சமர்ப்பிக்கவும்.',
    },
  },
  'redemption.approved': {
    mr: {
      title: 'रिडेम्प्शन मंजूर',
      sms: 'Action Tesa: {reward} साठी तुमचे रिडेम्प्शन {reference} मंजूर झाले आहे.',
    },
    gu: {
      title: 'રિડેમ્પ્શન મંજૂર',
      sms: 'Action Tesa: {reward} માટે તમારું રિડેમ્પ્શન {reference} મંજૂર થયું છે.',
    },
    ta: {
      title: 'ரிடெம்ப்ஷன் அங்கீகரிக்கப்பட்டது',
      sms: 'Action Tesa: {reward} க்கான உங்கள் ரிடெம்ப்ஷன் {reference} அங்கீகரிக்கப்பட்டது.',
    },
  },
  'redemption.approved_cash': {
    mr: {
      title: 'रोख रिडेम्प्शन मंजूर',
      sms: 'Action Tesa: तुमचे रोख रिडेम्प्शन {reference} मंजूर झाले आहे: ₹{gross}, TDS ₹{tds}, तुम्हाला ₹{amount} मिळतील.',
    },
    gu: {
      title: 'રોકડ રિડેમ્પ્શન મંજૂર',
      sms: 'Action Tesa: તમારું રોકડ રિડેમ્પ્શન {reference} મંજૂર થયું છે: ₹{gross}, TDS ₹{tds}, તમને ₹{amount} મળશે.',
    },
    ta: {
      title: 'பண ரிடெம்ப்ஷன் அங்கீகரிக்கப்பட்டது',
      sms: 'Action Tesa: உங்கள் பண ரிடெம்ப்ஷன் {reference} அங்கீகரிக்கப்பட்டது: ₹{gross}, TDS ₹{tds}, உங்களுக்குக் கிடைப்பது ₹{amount}.',
    },
  },
  'redemption.rejected': {
    mr: {
      title: 'रिडेम्प्शन नामंजूर',
      sms: 'Action Tesa: तुमचे रिडेम्प्शन {reference} नामंजूर झाले. कारण: {reason}',
    },
    gu: {
      title: 'રિડેમ્પ્શન નામંજૂર',
      sms: 'Action Tesa: તમારું રિડેમ્પ્શન {reference} નામંજૂર થયું. કારણ: {reason}',
    },
    ta: {
      title: 'ரிடெம்ப்ஷன் நிராகரிக்கப்பட்டது',
      sms: 'Action Tesa: உங்கள் ரிடெம்ப்ஷன் {reference} நிராகரிக்கப்பட்டது. காரணம்: {reason}',
    },
  },
  'redemption.paid': {
    mr: {
      title: 'पैसे पाठवले',
      sms: 'Action Tesa: तुमच्या रिडेम्प्शन {reference} चे ₹{amount} (₹{gross} मधून TDS ₹{tds} कापून) तुमच्या बँक खात्यात पाठवले आहेत. UTR {utr}.',
    },
    gu: {
      title: 'ચુકવણી મોકલાઈ',
      sms: 'Action Tesa: તમારા રિડેમ્પ્શન {reference} ના ₹{amount} (₹{gross} માંથી TDS ₹{tds} કાપીને) તમારા બેંક ખાતામાં મોકલાયા છે. UTR {utr}.',
    },
    ta: {
      title: 'பணம் அனுப்பப்பட்டது',
      sms: 'Action Tesa: உங்கள் ரிடெம்ப்ஷன் {reference} க்கான ₹{amount} (₹{gross} இல் TDS ₹{tds} பிடித்தம் போக) உங்கள் வங்கிக் கணக்கில் செலுத்தப்பட்டது. UTR {utr}.',
    },
  },
  'redemption.paid_upi': {
    mr: {
      title: 'पैसे पाठवले',
      sms: 'Action Tesa: तुमच्या रिडेम्प्शन {reference} चे ₹{amount} (₹{gross} मधून TDS ₹{tds} कापून) तुमच्या UPI आयडीवर पाठवले आहेत. UTR {utr}.',
    },
    gu: {
      title: 'ચુકવણી મોકલાઈ',
      sms: 'Action Tesa: તમારા રિડેમ્પ્શન {reference} ના ₹{amount} (₹{gross} માંથી TDS ₹{tds} કાપીને) તમારી UPI આઈડી પર મોકલાયા છે. UTR {utr}.',
    },
    ta: {
      title: 'பணம் அனுப்பப்பட்டது',
      sms: 'Action Tesa: உங்கள் ரிடெம்ப்ஷன் {reference} க்கான ₹{amount} (₹{gross} இல் TDS ₹{tds} பிடித்தம் போக) உங்கள் UPI ஐடிக்குச் செலுத்தப்பட்டது. UTR {utr}.',
    },
  },
  'redemption.dispatched': {
    mr: {
      title: 'बक्षीस पाठवले',
      sms: 'Action Tesa: रिडेम्प्शन {reference} चे तुमचे बक्षीस {courier} ने पाठवले आहे, AWB {awb}. ट्रॅक करा: {link}',
    },
    gu: {
      title: 'ઇનામ મોકલાયું',
      sms: 'Action Tesa: રિડેમ્પ્શન {reference} નું તમારું ઇનામ {courier} દ્વારા મોકલાયું છે, AWB {awb}. ટ્રેક કરો: {link}',
    },
    ta: {
      title: 'பரிசு அனுப்பப்பட்டது',
      sms: 'Action Tesa: ரிடெம்ப்ஷன் {reference} க்கான உங்கள் பரிசு {courier} மூலம் அனுப்பப்பட்டது, AWB {awb}. கண்காணிக்க: {link}',
    },
  },
  'redemption.delivered': {
    mr: {
      title: 'बक्षीस पोहोचले',
      sms: 'Action Tesa: रिडेम्प्शन {reference} चे तुमचे बक्षीस पोहोचले आहे.',
    },
    gu: {
      title: 'ઇનામ પહોંચ્યું',
      sms: 'Action Tesa: રિડેમ્પ્શન {reference} નું તમારું ઇનામ પહોંચી ગયું છે.',
    },
    ta: {
      title: 'பரிசு வந்து சேர்ந்தது',
      sms: 'Action Tesa: ரிடெம்ப்ஷன் {reference} க்கான உங்கள் பரிசு வந்து சேர்ந்தது.',
    },
  },
  'redemption.returned': {
    mr: {
      title: 'बक्षीस परत आले',
      sms: 'Action Tesa: रिडेम्प्शन {reference} चे तुमचे बक्षीस पोहोचवता आले नाही आणि आमच्याकडे परत आले आहे. आम्ही तुमच्याशी संपर्क साधू.',
    },
    gu: {
      title: 'ઇનામ પાછું આવ્યું',
      sms: 'Action Tesa: રિડેમ્પ્શન {reference} નું તમારું ઇનામ પહોંચાડી શકાયું નહીં અને અમારી પાસે પાછું આવ્યું છે. અમે તમારો સંપર્ક કરીશું.',
    },
    ta: {
      title: 'பரிசு திரும்பி வந்தது',
      sms: 'Action Tesa: ரிடெம்ப்ஷன் {reference} க்கான உங்கள் பரிசை வழங்க முடியவில்லை, அது எங்களிடம் திரும்பி வந்தது. நாங்கள் உங்களைத் தொடர்புகொள்வோம்.',
    },
  },
  'voucher.issued': {
    mr: {
      title: 'ई-व्हाउचर दिले',
      sms: 'Action Tesa: तुमच्या {reward} ई-व्हाउचरचा कोड {code} आणि PIN {pin} आहे. तो कोणालाही सांगू नका.',
      push: 'तुमचे {reward} ई-व्हाउचर तयार आहे. त्याचा कोड आणि PIN पाहण्यासाठी ॲप उघडा.',
    },
    gu: {
      title: 'ઈ-વાઉચર અપાયું',
      sms: 'Action Tesa: તમારા {reward} ઈ-વાઉચરનો કોડ {code} અને PIN {pin} છે. તે કોઈને જણાવશો નહીં.',
      push: 'તમારું {reward} ઈ-વાઉચર તૈયાર છે. તેનો કોડ અને PIN જોવા માટે એપ ખોલો.',
    },
    ta: {
      title: 'இ-வவுச்சர் வழங்கப்பட்டது',
      sms: 'Action Tesa: உங்கள் {reward} இ-வவுச்சரின் குறியீடு {code}, PIN {pin}. இதை யாரிடமும் பகிர வேண்டாம்.',
      push: 'உங்கள் {reward} இ-வவுச்சர் தயார். அதன் குறியீடு மற்றும் PIN ஐப் பார்க்கச் செயலியைத் திறக்கவும்.',
    },
  },
  'project.approved': {
    mr: {
      title: 'प्रोजेक्ट मंजूर',
      sms: 'Action Tesa: तुमचा प्रोजेक्ट {project} मंजूर झाला आहे. बोनस: {points} पॉइंट्स.',
    },
    gu: {
      title: 'પ્રોજેક્ટ મંજૂર',
      sms: 'Action Tesa: તમારો પ્રોજેક્ટ {project} મંજૂર થયો છે. બોનસ: {points} પોઇન્ટ્સ.',
    },
    ta: {
      title: 'திட்டம் அங்கீகரிக்கப்பட்டது',
      sms: 'Action Tesa: உங்கள் திட்டம் {project} அங்கீகரிக்கப்பட்டது. போனஸ்: {points} புள்ளிகள்.',
    },
  },
  'project.rejected': {
    mr: {
      title: 'प्रोजेक्ट मंजूर झाला नाही',
      sms: 'Action Tesa: तुमचा प्रोजेक्ट {project} मंजूर झाला नाही. कारण: {reason}',
    },
    gu: {
      title: 'પ્રોજેક્ટ મંજૂર થયો નથી',
      sms: 'Action Tesa: તમારો પ્રોજેક્ટ {project} મંજૂર થયો નથી. કારણ: {reason}',
    },
    ta: {
      title: 'திட்டம் அங்கீகரிக்கப்படவில்லை',
      sms: 'Action Tesa: உங்கள் திட்டம் {project} அங்கீகரிக்கப்படவில்லை. காரணம்: {reason}',
    },
  },
  'feedback.in_progress': {
    mr: {
      title: 'सूचनेवर काम सुरू',
      sms: 'Action Tesa: आम्ही तुमच्या सूचनेवर {reference} काम करत आहोत. आमचे उत्तर ॲपमध्ये पाहा.',
    },
    gu: {
      title: 'સૂચન પર કામ ચાલુ',
      sms: 'Action Tesa: અમે તમારા સૂચન {reference} પર કામ કરી રહ્યા છીએ. અમારો જવાબ એપમાં જુઓ.',
    },
    ta: {
      title: 'கருத்து பரிசீலனையில்',
      sms: 'Action Tesa: உங்கள் கருத்து {reference} மீது நாங்கள் வேலை செய்கிறோம். எங்கள் பதிலைச் செயலியில் பார்க்கவும்.',
    },
  },
  'feedback.resolved': {
    mr: {
      title: 'सूचना सोडवली',
      sms: 'Action Tesa: तुमची सूचना {reference} सोडवली आहे. आमचे उत्तर ॲपमध्ये पाहा.',
    },
    gu: {
      title: 'સૂચન ઉકેલાયું',
      sms: 'Action Tesa: તમારું સૂચન {reference} ઉકેલાઈ ગયું છે. અમારો જવાબ એપમાં જુઓ.',
    },
    ta: {
      title: 'கருத்து தீர்க்கப்பட்டது',
      sms: 'Action Tesa: உங்கள் கருத்து {reference} தீர்க்கப்பட்டது. எங்கள் பதிலைச் செயலியில் பார்க்கவும்.',
    },
  },
  'scan.hold_cleared': {
    mr: {
      title: 'पॉइंट्स मोकळे झाले',
      sms: 'Action Tesa: तुमच्या स्कॅन {code} चे {points} पॉइंट्स तपासणीनंतर मोकळे झाले असून आता रिडीम करता येतील.',
    },
    gu: {
      title: 'પોઇન્ટ્સ મુક્ત થયા',
      sms: 'Action Tesa: તમારા સ્કેન {code} ના {points} પોઇન્ટ્સ તપાસ પછી મુક્ત થયા છે અને હવે રિડીમ કરી શકાશે.',
    },
    ta: {
      title: 'புள்ளிகள் விடுவிக்கப்பட்டன',
      sms: 'Action Tesa: உங்கள் ஸ்கேன் {code} இன் {points} புள்ளிகள் சரிபார்ப்புக்குப் பின் விடுவிக்கப்பட்டன, இப்போது ரிடீம் செய்யலாம்.',
    },
  },
  'privacy.done': {
    mr: {
      title: 'गोपनीयता विनंती पूर्ण',
      sms: 'प्रिय {name}, तुमची गोपनीयता विनंती {reference} पूर्ण झाली आहे. उत्तर वाचण्यासाठी Action Tesa ॲप उघडा.',
    },
    gu: {
      title: 'ગોપનીયતા વિનંતી પૂર્ણ',
      sms: 'પ્રિય {name}, તમારી ગોપનીયતા વિનંતી {reference} પૂર્ણ થઈ છે. જવાબ વાંચવા Action Tesa એપ ખોલો.',
    },
    ta: {
      title: 'தனியுரிமைக் கோரிக்கை முடிந்தது',
      sms: 'அன்புள்ள {name}, உங்கள் தனியுரிமைக் கோரிக்கை {reference} முடிந்தது. பதிலைப் படிக்க Action Tesa செயலியைத் திறக்கவும்.',
    },
  },
  'privacy.rejected': {
    mr: {
      title: 'गोपनीयता विनंती नाकारली',
      sms: 'प्रिय {name}, तुमची गोपनीयता विनंती {reference} नाकारली गेली. कारण ॲपमध्ये वाचा; तुम्ही डेटा संरक्षण मंडळाकडे तक्रार करू शकता.',
    },
    gu: {
      title: 'ગોપનીયતા વિનંતી નકારાઈ',
      sms: 'પ્રિય {name}, તમારી ગોપનીયતા વિનંતી {reference} નકારાઈ. કારણ એપમાં વાંચો; તમે ડેટા પ્રોટેક્શન બોર્ડને ફરિયાદ કરી શકો છો.',
    },
    ta: {
      title: 'தனியுரிமைக் கோரிக்கை மறுக்கப்பட்டது',
      sms: 'அன்புள்ள {name}, உங்கள் தனியுரிமைக் கோரிக்கை {reference} மறுக்கப்பட்டது. காரணத்தைச் செயலியில் படிக்கவும்; தரவுப் பாதுகாப்பு வாரியத்திடம் புகார் செய்யலாம்.',
    },
  },
  'privacy.erasure_notice': {
    mr: {
      title: 'तुमची माहिती पुसली जाईल',
      sms: 'प्रिय {name}, तुमची Action Tesa वैयक्तिक माहिती {date} नंतर पुसली जाईल. खाते ठेवायचे असल्यास त्याआधी ॲप उघडा.',
    },
    gu: {
      title: 'તમારો ડેટા ભૂંસાશે',
      sms: 'પ્રિય {name}, તમારી Action Tesa અંગત માહિતી {date} પછી ભૂંસી નખાશે. ખાતું રાખવા તે પહેલાં એપ ખોલો.',
    },
    ta: {
      title: 'உங்கள் தரவு அழிக்கப்படும்',
      sms: 'அன்புள்ள {name}, உங்கள் Action Tesa தனிப்பட்ட தரவு {date} க்குப் பிறகு அழிக்கப்படும். கணக்கை வைத்திருக்க அதற்கு முன் செயலியைத் திறக்கவும்.',
    },
  },
  'privacy.breach': {
    mr: {
      title: 'सुरक्षा घटना',
      sms: 'प्रिय {name}, एका सुरक्षा घटनेत ({reference}) तुमची काही Action Tesa माहिती उघड झाली असू शकते. OTP कोणालाही सांगू नका; अधिक माहितीसाठी सहाय्य टीमला कॉल करा.',
    },
    gu: {
      title: 'સુરક્ષા ઘટના',
      sms: 'પ્રિય {name}, એક સુરક્ષા ઘટનામાં ({reference}) તમારી કેટલીક Action Tesa માહિતી ખુલ્લી થઈ હોઈ શકે. OTP કોઈને જણાવશો નહીં; વધુ જાણવા સહાય ટીમને કૉલ કરો.',
    },
    ta: {
      title: 'பாதுகாப்புச் சம்பவம்',
      sms: 'அன்புள்ள {name}, ஒரு பாதுகாப்புச் சம்பவத்தில் ({reference}) உங்கள் Action Tesa தரவில் சில வெளிப்பட்டிருக்கலாம். OTP ஐ யாரிடமும் பகிர வேண்டாம்; மேலும் அறிய உதவிக் குழுவை அழைக்கவும்.',
    },
  },
  notification: {
    mr: { sms: 'सूचना — {title}: {message}' },
    gu: { sms: 'સૂચના — {title}: {message}' },
    ta: { sms: 'அறிவிப்பு — {title}: {message}' },
  },
} satisfies Record<string, Record<RegionalLanguage, RegionalText>>;
