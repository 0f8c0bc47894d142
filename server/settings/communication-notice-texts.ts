/**
 * Texts the API sends about communication preferences (issue 12 part C): the
 * emails after a phone or newsletter change, the SMS opt-in texts (the
 * question, and the answers carriers require to YES, STOP and HELP), and the
 * names of the newsletter lists, which the communication screen shows as the
 * API gives them (like country names, data in the player's language). Every
 * locale has every text (the type enforces it); placeholders are identical
 * across locales (tests/unit/server/communication-texts.test.ts checks it).
 */
import type { Locale } from '../../src/i18n/locales';

export interface CommunicationTexts {
  subject: string;
  /** {{phone}}: the masked number. */
  phoneVerified: string;
  phoneResetOn: string;
  phoneResetOff: string;
  /** {{list}}: the newsletter's name. */
  newsletterOn: string;
  newsletterOff: string;
  /** The sign-up newsletter box, confirmed once the address is verified. */
  signupNewsletter: string;
  /** {{link}}: the signed unsubscribe link. */
  unsubscribeLine: string;
  /** {{phone}} */
  smsPending: string;
  smsOn: string;
  smsOff: string;
  /** Texts (SMS): the opt-in question and the answers to YES, STOP and HELP. */
  smsAsk: string;
  smsConfirmed: string;
  smsStopped: string;
  smsHelp: string;
}

export const COMMUNICATION_TEXTS: Record<Locale, CommunicationTexts> = {
  en: {
    subject: 'Your Lumenforge Account communication preferences changed',
    phoneVerified: 'The phone number {{phone}} was verified and is now the phone number of your account.',
    phoneResetOn: 'Your phone number can now be used to recover your account.',
    phoneResetOff: 'Your phone number can no longer be used to recover your account.',
    newsletterOn: 'You subscribed to the newsletter "{{list}}" at this address.',
    newsletterOff: 'You unsubscribed from the newsletter "{{list}}".',
    signupNewsletter: "You're subscribed to news and special offers, as you asked when you created your account.",
    unsubscribeLine: 'Unsubscribe with one click: {{link}}',
    smsPending: 'We texted {{phone}}. Reply YES to that text to start getting news and offers by SMS.',
    smsOn: 'The number {{phone}} now gets news and offers by SMS.',
    smsOff: 'The number {{phone}} no longer gets news and offers by SMS.',
    smsAsk:
      'Lumenforge: reply YES to get news and special offers by text. Up to 4 msgs/month. Msg & data rates may apply. Reply STOP to cancel, HELP for help.',
    smsConfirmed: 'Lumenforge: you are subscribed to news and offers by text. Reply STOP to cancel.',
    smsStopped: 'Lumenforge: you are unsubscribed and will get no more texts from us.',
    smsHelp: 'Lumenforge news and offers by text. Reply STOP to cancel. Manage them in your Lumenforge Account.',
  },
  es: {
    subject: 'Cambiaron las preferencias de comunicación de tu Cuenta Lumenforge',
    phoneVerified: 'El número de teléfono {{phone}} se verificó y ahora es el número de tu cuenta.',
    phoneResetOn: 'Ahora puedes usar tu número de teléfono para recuperar tu cuenta.',
    phoneResetOff: 'Ya no puedes usar tu número de teléfono para recuperar tu cuenta.',
    newsletterOn: 'Te suscribiste al boletín "{{list}}" en esta dirección.',
    newsletterOff: 'Cancelaste tu suscripción al boletín "{{list}}".',
    signupNewsletter: 'Estás suscrito a novedades y ofertas especiales, como pediste al crear tu cuenta.',
    unsubscribeLine: 'Cancela la suscripción con un clic: {{link}}',
    smsPending:
      'Enviamos un SMS a {{phone}}. Responde SÍ (YES) a ese mensaje para recibir novedades y ofertas por SMS.',
    smsOn: 'El número {{phone}} ahora recibe novedades y ofertas por SMS.',
    smsOff: 'El número {{phone}} ya no recibe novedades ni ofertas por SMS.',
    smsAsk:
      'Lumenforge: responde YES para recibir novedades y ofertas especiales por SMS. Hasta 4 mensajes al mes. Pueden aplicarse tarifas. Responde STOP para cancelar, HELP para ayuda.',
    smsConfirmed: 'Lumenforge: te suscribiste a novedades y ofertas por SMS. Responde STOP para cancelar.',
    smsStopped: 'Lumenforge: cancelaste tu suscripción y no recibirás más mensajes nuestros.',
    smsHelp:
      'Novedades y ofertas de Lumenforge por SMS. Responde STOP para cancelar. Gestiónalas en tu Cuenta Lumenforge.',
  },
  pt: {
    subject: 'As preferências de comunicação da sua Conta Lumenforge mudaram',
    phoneVerified: 'O número de telefone {{phone}} foi verificado e agora é o número da sua conta.',
    phoneResetOn: 'Agora seu número de telefone pode ser usado para recuperar sua conta.',
    phoneResetOff: 'Seu número de telefone não pode mais ser usado para recuperar sua conta.',
    newsletterOn: 'Você assinou a newsletter "{{list}}" neste endereço.',
    newsletterOff: 'Você cancelou a assinatura da newsletter "{{list}}".',
    signupNewsletter: 'Você assinou novidades e ofertas especiais, como pediu ao criar sua conta.',
    unsubscribeLine: 'Cancele a assinatura com um clique: {{link}}',
    smsPending:
      'Enviamos um SMS para {{phone}}. Responda YES a essa mensagem para receber novidades e ofertas por SMS.',
    smsOn: 'O número {{phone}} agora recebe novidades e ofertas por SMS.',
    smsOff: 'O número {{phone}} não recebe mais novidades e ofertas por SMS.',
    smsAsk:
      'Lumenforge: responda YES para receber novidades e ofertas especiais por SMS. Até 4 mensagens por mês. Podem ser cobradas tarifas. Responda STOP para cancelar, HELP para ajuda.',
    smsConfirmed: 'Lumenforge: você assinou novidades e ofertas por SMS. Responda STOP para cancelar.',
    smsStopped: 'Lumenforge: sua assinatura foi cancelada e você não receberá mais mensagens nossas.',
    smsHelp:
      'Novidades e ofertas da Lumenforge por SMS. Responda STOP para cancelar. Gerencie-as na sua Conta Lumenforge.',
  },
  de: {
    subject: 'Die Kommunikationseinstellungen deines Lumenforge-Kontos wurden geändert',
    phoneVerified: 'Die Telefonnummer {{phone}} wurde bestätigt und ist jetzt die Telefonnummer deines Kontos.',
    phoneResetOn: 'Deine Telefonnummer kann jetzt zur Wiederherstellung deines Kontos verwendet werden.',
    phoneResetOff: 'Deine Telefonnummer kann nicht mehr zur Wiederherstellung deines Kontos verwendet werden.',
    newsletterOn: 'Du hast den Newsletter „{{list}}“ an diese Adresse abonniert.',
    newsletterOff: 'Du hast den Newsletter „{{list}}“ abbestellt.',
    signupNewsletter:
      'Du erhältst Neuigkeiten und Sonderangebote, wie du es beim Erstellen deines Kontos gewünscht hast.',
    unsubscribeLine: 'Mit einem Klick abbestellen: {{link}}',
    smsPending:
      'Wir haben {{phone}} eine SMS geschickt. Antworte darauf mit YES, um Neuigkeiten und Angebote per SMS zu erhalten.',
    smsOn: 'Die Nummer {{phone}} erhält jetzt Neuigkeiten und Angebote per SMS.',
    smsOff: 'Die Nummer {{phone}} erhält keine Neuigkeiten und Angebote per SMS mehr.',
    smsAsk:
      'Lumenforge: Antworte YES, um Neuigkeiten und Sonderangebote per SMS zu erhalten. Bis zu 4 SMS/Monat. Es können Gebühren anfallen. STOP zum Abbestellen, HELP für Hilfe.',
    smsConfirmed: 'Lumenforge: Du erhältst jetzt Neuigkeiten und Angebote per SMS. Antworte STOP zum Abbestellen.',
    smsStopped: 'Lumenforge: Du bist abgemeldet und erhältst keine SMS mehr von uns.',
    smsHelp:
      'Lumenforge-Neuigkeiten und -Angebote per SMS. Antworte STOP zum Abbestellen. Verwalte sie in deinem Lumenforge-Konto.',
  },
  fr: {
    subject: 'Les préférences de communication de votre Compte Lumenforge ont changé',
    phoneVerified: 'Le numéro de téléphone {{phone}} a été vérifié et est désormais celui de votre compte.',
    phoneResetOn: 'Votre numéro de téléphone peut désormais servir à récupérer votre compte.',
    phoneResetOff: 'Votre numéro de téléphone ne peut plus servir à récupérer votre compte.',
    newsletterOn: 'Vous êtes abonné à la newsletter « {{list}} » à cette adresse.',
    newsletterOff: 'Vous êtes désabonné de la newsletter « {{list}} ».',
    signupNewsletter:
      'Vous êtes abonné aux actualités et offres spéciales, comme demandé lors de la création de votre compte.',
    unsubscribeLine: 'Se désabonner en un clic : {{link}}',
    smsPending:
      'Nous avons envoyé un SMS au {{phone}}. Répondez YES à ce message pour recevoir actualités et offres par SMS.',
    smsOn: 'Le numéro {{phone}} reçoit désormais actualités et offres par SMS.',
    smsOff: 'Le numéro {{phone}} ne reçoit plus d’actualités ni d’offres par SMS.',
    smsAsk:
      'Lumenforge : répondez YES pour recevoir actualités et offres spéciales par SMS. Jusqu’à 4 SMS/mois. Des frais peuvent s’appliquer. STOP pour annuler, HELP pour de l’aide.',
    smsConfirmed: 'Lumenforge : vous êtes abonné aux actualités et offres par SMS. Répondez STOP pour annuler.',
    smsStopped: 'Lumenforge : vous êtes désabonné et ne recevrez plus de SMS de notre part.',
    smsHelp:
      'Actualités et offres Lumenforge par SMS. Répondez STOP pour annuler. Gérez-les dans votre Compte Lumenforge.',
  },
  it: {
    subject: 'Le preferenze di comunicazione del tuo Account Lumenforge sono cambiate',
    phoneVerified: 'Il numero di telefono {{phone}} è stato verificato ed è ora il numero del tuo account.',
    phoneResetOn: 'Ora il tuo numero di telefono può essere usato per recuperare l’account.',
    phoneResetOff: 'Il tuo numero di telefono non può più essere usato per recuperare l’account.',
    newsletterOn: 'Ti sei iscritto alla newsletter "{{list}}" con questo indirizzo.',
    newsletterOff: 'Hai annullato l’iscrizione alla newsletter "{{list}}".',
    signupNewsletter: 'Sei iscritto a novità e offerte speciali, come hai chiesto creando il tuo account.',
    unsubscribeLine: 'Annulla l’iscrizione con un clic: {{link}}',
    smsPending:
      'Abbiamo inviato un SMS al {{phone}}. Rispondi YES a quel messaggio per ricevere novità e offerte via SMS.',
    smsOn: 'Il numero {{phone}} ora riceve novità e offerte via SMS.',
    smsOff: 'Il numero {{phone}} non riceve più novità e offerte via SMS.',
    smsAsk:
      'Lumenforge: rispondi YES per ricevere novità e offerte speciali via SMS. Fino a 4 messaggi al mese. Potrebbero essere applicati costi. STOP per annullare, HELP per aiuto.',
    smsConfirmed: 'Lumenforge: sei iscritto a novità e offerte via SMS. Rispondi STOP per annullare.',
    smsStopped: 'Lumenforge: la tua iscrizione è stata annullata e non riceverai più SMS da noi.',
    smsHelp: 'Novità e offerte Lumenforge via SMS. Rispondi STOP per annullare. Gestiscile nel tuo Account Lumenforge.',
  },
  pl: {
    subject: 'Zmieniono preferencje komunikacji Twojego Konta Lumenforge',
    phoneVerified: 'Numer telefonu {{phone}} został zweryfikowany i jest teraz numerem Twojego konta.',
    phoneResetOn: 'Twojego numeru telefonu można teraz używać do odzyskiwania konta.',
    phoneResetOff: 'Twojego numeru telefonu nie można już używać do odzyskiwania konta.',
    newsletterOn: 'Zapisano ten adres do newslettera „{{list}}”.',
    newsletterOff: 'Wypisano Cię z newslettera „{{list}}”.',
    signupNewsletter: 'Otrzymujesz nowości i oferty specjalne, o które prosiłeś przy zakładaniu konta.',
    unsubscribeLine: 'Wypisz się jednym kliknięciem: {{link}}',
    smsPending: 'Wysłaliśmy SMS na numer {{phone}}. Odpowiedz na niego YES, aby otrzymywać nowości i oferty SMS-em.',
    smsOn: 'Numer {{phone}} otrzymuje teraz nowości i oferty SMS-em.',
    smsOff: 'Numer {{phone}} nie otrzymuje już nowości i ofert SMS-em.',
    smsAsk:
      'Lumenforge: odpowiedz YES, aby otrzymywać nowości i oferty specjalne SMS-em. Do 4 wiadomości miesięcznie. Mogą obowiązywać opłaty. STOP, aby zrezygnować, HELP, aby uzyskać pomoc.',
    smsConfirmed: 'Lumenforge: otrzymujesz nowości i oferty SMS-em. Odpowiedz STOP, aby zrezygnować.',
    smsStopped: 'Lumenforge: wypisano Cię i nie otrzymasz od nas więcej SMS-ów.',
    smsHelp:
      'Nowości i oferty Lumenforge SMS-em. Odpowiedz STOP, aby zrezygnować. Zarządzaj nimi na Koncie Lumenforge.',
  },
  tr: {
    subject: 'Lumenforge Hesabınızın iletişim tercihleri değişti',
    phoneVerified: '{{phone}} telefon numarası doğrulandı ve artık hesabınızın telefon numarası.',
    phoneResetOn: 'Telefon numaranız artık hesabınızı kurtarmak için kullanılabilir.',
    phoneResetOff: 'Telefon numaranız artık hesabınızı kurtarmak için kullanılamaz.',
    newsletterOn: 'Bu adresle "{{list}}" bültenine abone oldunuz.',
    newsletterOff: '"{{list}}" bülteni aboneliğinden çıktınız.',
    signupNewsletter: 'Hesabınızı oluştururken istediğiniz gibi haberlere ve özel fırsatlara abone oldunuz.',
    unsubscribeLine: 'Tek tıkla abonelikten çıkın: {{link}}',
    smsPending:
      '{{phone}} numarasına SMS gönderdik. SMS ile haber ve fırsatlar almak için bu mesaja YES yanıtını verin.',
    smsOn: '{{phone}} numarası artık SMS ile haber ve fırsatlar alıyor.',
    smsOff: '{{phone}} numarası artık SMS ile haber ve fırsat almıyor.',
    smsAsk:
      'Lumenforge: SMS ile haber ve özel fırsatlar almak için YES yanıtını verin. Ayda en fazla 4 mesaj. Ücret uygulanabilir. İptal için STOP, yardım için HELP yazın.',
    smsConfirmed: 'Lumenforge: SMS ile haber ve fırsatlara abone oldunuz. İptal için STOP yazın.',
    smsStopped: 'Lumenforge: aboneliğiniz iptal edildi, bizden artık SMS almayacaksınız.',
    smsHelp: 'SMS ile Lumenforge haber ve fırsatları. İptal için STOP yazın. Lumenforge Hesabınızdan yönetin.',
  },
  zh: {
    subject: '你的 Lumenforge 帳號通訊偏好已變更',
    phoneVerified: '電話號碼 {{phone}} 已通過驗證，現在是你帳號的電話號碼。',
    phoneResetOn: '你的電話號碼現在可用於找回帳號。',
    phoneResetOff: '你的電話號碼已不能用於找回帳號。',
    newsletterOn: '你已使用此地址訂閱電子報「{{list}}」。',
    newsletterOff: '你已取消訂閱電子報「{{list}}」。',
    signupNewsletter: '依你建立帳號時的選擇，你已訂閱最新消息與特別優惠。',
    unsubscribeLine: '一鍵取消訂閱：{{link}}',
    smsPending: '我們已傳送簡訊至 {{phone}}。回覆 YES 即可開始透過簡訊接收最新消息與優惠。',
    smsOn: '號碼 {{phone}} 現在會透過簡訊接收最新消息與優惠。',
    smsOff: '號碼 {{phone}} 已不再透過簡訊接收最新消息與優惠。',
    smsAsk:
      'Lumenforge：回覆 YES 以透過簡訊接收最新消息與特別優惠。每月最多 4 則。可能產生通訊費用。回覆 STOP 取消，HELP 取得協助。',
    smsConfirmed: 'Lumenforge：你已訂閱簡訊最新消息與優惠。回覆 STOP 即可取消。',
    smsStopped: 'Lumenforge：你已取消訂閱，將不再收到我們的簡訊。',
    smsHelp: 'Lumenforge 簡訊最新消息與優惠。回覆 STOP 取消。可在你的 Lumenforge 帳號中管理。',
  },
  th: {
    subject: 'การตั้งค่าการติดต่อสื่อสารของบัญชี Lumenforge ของคุณมีการเปลี่ยนแปลง',
    phoneVerified: 'ยืนยันหมายเลขโทรศัพท์ {{phone}} แล้ว และตอนนี้เป็นหมายเลขโทรศัพท์ของบัญชีคุณ',
    phoneResetOn: 'ตอนนี้คุณใช้หมายเลขโทรศัพท์เพื่อกู้คืนบัญชีได้แล้ว',
    phoneResetOff: 'คุณใช้หมายเลขโทรศัพท์เพื่อกู้คืนบัญชีไม่ได้อีกต่อไป',
    newsletterOn: 'คุณสมัครรับจดหมายข่าว "{{list}}" ด้วยที่อยู่นี้แล้ว',
    newsletterOff: 'คุณยกเลิกการรับจดหมายข่าว "{{list}}" แล้ว',
    signupNewsletter: 'คุณสมัครรับข่าวสารและข้อเสนอพิเศษแล้ว ตามที่คุณเลือกไว้ตอนสร้างบัญชี',
    unsubscribeLine: 'ยกเลิกการรับด้วยการคลิกครั้งเดียว: {{link}}',
    smsPending: 'เราส่ง SMS ไปที่ {{phone}} แล้ว ตอบกลับ YES เพื่อเริ่มรับข่าวสารและข้อเสนอทาง SMS',
    smsOn: 'หมายเลข {{phone}} ได้รับข่าวสารและข้อเสนอทาง SMS แล้ว',
    smsOff: 'หมายเลข {{phone}} จะไม่ได้รับข่าวสารและข้อเสนอทาง SMS อีกต่อไป',
    smsAsk:
      'Lumenforge: ตอบกลับ YES เพื่อรับข่าวสารและข้อเสนอพิเศษทาง SMS สูงสุด 4 ข้อความต่อเดือน อาจมีค่าบริการ ตอบ STOP เพื่อยกเลิก HELP เพื่อขอความช่วยเหลือ',
    smsConfirmed: 'Lumenforge: คุณสมัครรับข่าวสารและข้อเสนอทาง SMS แล้ว ตอบ STOP เพื่อยกเลิก',
    smsStopped: 'Lumenforge: คุณยกเลิกการรับแล้ว และจะไม่ได้รับ SMS จากเราอีก',
    smsHelp: 'ข่าวสารและข้อเสนอจาก Lumenforge ทาง SMS ตอบ STOP เพื่อยกเลิก จัดการได้ในบัญชี Lumenforge ของคุณ',
  },
  ru: {
    subject: 'Настройки рассылок вашего аккаунта Lumenforge изменены',
    phoneVerified: 'Номер телефона {{phone}} подтверждён и теперь указан в вашем аккаунте.',
    phoneResetOn: 'Теперь ваш номер телефона можно использовать для восстановления аккаунта.',
    phoneResetOff: 'Ваш номер телефона больше нельзя использовать для восстановления аккаунта.',
    newsletterOn: 'Вы подписались на рассылку «{{list}}» по этому адресу.',
    newsletterOff: 'Вы отписались от рассылки «{{list}}».',
    signupNewsletter: 'Вы подписаны на новости и специальные предложения, как и просили при создании аккаунта.',
    unsubscribeLine: 'Отписаться в один клик: {{link}}',
    smsPending:
      'Мы отправили SMS на номер {{phone}}. Ответьте на него YES, чтобы получать новости и предложения по SMS.',
    smsOn: 'Номер {{phone}} теперь получает новости и предложения по SMS.',
    smsOff: 'Номер {{phone}} больше не получает новости и предложения по SMS.',
    smsAsk:
      'Lumenforge: ответьте YES, чтобы получать новости и специальные предложения по SMS. До 4 сообщений в месяц. Может взиматься плата. STOP — отписаться, HELP — помощь.',
    smsConfirmed: 'Lumenforge: вы подписаны на новости и предложения по SMS. Ответьте STOP, чтобы отписаться.',
    smsStopped: 'Lumenforge: вы отписались и больше не будете получать от нас SMS.',
    smsHelp:
      'Новости и предложения Lumenforge по SMS. Ответьте STOP, чтобы отписаться. Управляйте ими в аккаунте Lumenforge.',
  },
  nl: {
    subject: 'De communicatievoorkeuren van je Lumenforge-account zijn gewijzigd',
    phoneVerified: 'Het telefoonnummer {{phone}} is geverifieerd en is nu het telefoonnummer van je account.',
    phoneResetOn: 'Je telefoonnummer kan nu worden gebruikt om je account te herstellen.',
    phoneResetOff: 'Je telefoonnummer kan niet meer worden gebruikt om je account te herstellen.',
    newsletterOn: 'Je bent met dit adres geabonneerd op de nieuwsbrief "{{list}}".',
    newsletterOff: 'Je bent afgemeld voor de nieuwsbrief "{{list}}".',
    signupNewsletter:
      'Je bent geabonneerd op nieuws en speciale aanbiedingen, zoals je vroeg toen je je account aanmaakte.',
    unsubscribeLine: 'Afmelden met één klik: {{link}}',
    smsPending:
      'We hebben {{phone}} een sms gestuurd. Antwoord YES op dat bericht om nieuws en aanbiedingen per sms te krijgen.',
    smsOn: 'Het nummer {{phone}} krijgt nu nieuws en aanbiedingen per sms.',
    smsOff: 'Het nummer {{phone}} krijgt geen nieuws en aanbiedingen per sms meer.',
    smsAsk:
      'Lumenforge: antwoord YES om nieuws en speciale aanbiedingen per sms te krijgen. Maximaal 4 berichten per maand. Er kunnen kosten gelden. STOP om af te melden, HELP voor hulp.',
    smsConfirmed: 'Lumenforge: je krijgt nu nieuws en aanbiedingen per sms. Antwoord STOP om af te melden.',
    smsStopped: 'Lumenforge: je bent afgemeld en krijgt geen sms meer van ons.',
    smsHelp:
      'Lumenforge-nieuws en -aanbiedingen per sms. Antwoord STOP om af te melden. Beheer ze in je Lumenforge-account.',
  },
  ja: {
    subject: 'Lumenforge アカウントの連絡設定が変更されました',
    phoneVerified: '電話番号 {{phone}} が確認され、アカウントの電話番号になりました。',
    phoneResetOn: '電話番号をアカウントの復旧に使用できるようになりました。',
    phoneResetOff: '電話番号をアカウントの復旧に使用できなくなりました。',
    newsletterOn: 'このアドレスでニュースレター「{{list}}」を購読しました。',
    newsletterOff: 'ニュースレター「{{list}}」の購読を解除しました。',
    signupNewsletter: 'アカウント作成時のご希望どおり、ニュースと特別オファーを購読しました。',
    unsubscribeLine: 'ワンクリックで購読解除：{{link}}',
    smsPending: '{{phone}} に SMS を送信しました。SMS でニュースやお得な情報を受け取るには、YES と返信してください。',
    smsOn: '番号 {{phone}} で SMS によるニュースやお得な情報の受信が始まりました。',
    smsOff: '番号 {{phone}} への SMS によるニュースやお得な情報の配信を停止しました。',
    smsAsk:
      'Lumenforge：SMS でニュースや特別なお得情報を受け取るには YES と返信してください。月最大 4 通。通信料がかかる場合があります。停止は STOP、ヘルプは HELP。',
    smsConfirmed:
      'Lumenforge：SMS でのニュースとお得な情報の受信を登録しました。停止するには STOP と返信してください。',
    smsStopped: 'Lumenforge：配信を停止しました。今後 SMS は送信されません。',
    smsHelp: 'Lumenforge の SMS ニュースとお得な情報。停止は STOP と返信。Lumenforge アカウントで管理できます。',
  },
};

/** Spec §9 newsletter product ids of every region, and the name of each list in every locale. */
export const NEWSLETTER_NAMES: Record<number, Record<Locale, string>> = {
  10100: {
    en: 'Lumenforge newsletter',
    es: 'Boletín de Lumenforge',
    pt: 'Newsletter da Lumenforge',
    de: 'Lumenforge-Newsletter',
    fr: 'Newsletter Lumenforge',
    it: 'Newsletter di Lumenforge',
    pl: 'Newsletter Lumenforge',
    tr: 'Lumenforge bülteni',
    zh: 'Lumenforge 電子報',
    th: 'จดหมายข่าว Lumenforge',
    ru: 'Рассылка Lumenforge',
    nl: 'Lumenforge-nieuwsbrief',
    ja: 'Lumenforge ニュースレター',
  },
  10200: {
    en: 'PC games',
    es: 'Juegos para PC',
    pt: 'Jogos para PC',
    de: 'PC-Spiele',
    fr: 'Jeux PC',
    it: 'Giochi per PC',
    pl: 'Gry na PC',
    tr: 'PC oyunları',
    zh: 'PC 遊戲',
    th: 'เกม PC',
    ru: 'Игры для ПК',
    nl: 'Pc-games',
    ja: 'PC ゲーム',
  },
  10300: {
    en: 'Console games',
    es: 'Juegos de consola',
    pt: 'Jogos de console',
    de: 'Konsolenspiele',
    fr: 'Jeux sur console',
    it: 'Giochi per console',
    pl: 'Gry na konsole',
    tr: 'Konsol oyunları',
    zh: '主機遊戲',
    th: 'เกมคอนโซล',
    ru: 'Игры для консолей',
    nl: 'Consolegames',
    ja: 'コンソールゲーム',
  },
  59794: {
    en: 'Beta tests and early access',
    es: 'Pruebas beta y acceso anticipado',
    pt: 'Testes beta e acesso antecipado',
    de: 'Betatests und Early Access',
    fr: 'Bêtas et accès anticipé',
    it: 'Beta test e accesso anticipato',
    pl: 'Testy beta i wczesny dostęp',
    tr: 'Beta testleri ve erken erişim',
    zh: 'Beta 測試與搶先體驗',
    th: 'เบต้าเทสต์และการเข้าถึงก่อนใคร',
    ru: 'Бета-тесты и ранний доступ',
    nl: 'Bètatests en early access',
    ja: 'ベータテストと早期アクセス',
  },
  59789: {
    en: 'Esports and events',
    es: 'Esports y eventos',
    pt: 'Esports e eventos',
    de: 'E-Sport und Events',
    fr: 'Esport et événements',
    it: 'Esport ed eventi',
    pl: 'E-sport i wydarzenia',
    tr: 'Espor ve etkinlikler',
    zh: '電競與活動',
    th: 'อีสปอร์ตและกิจกรรม',
    ru: 'Киберспорт и события',
    nl: 'Esports en evenementen',
    ja: 'eスポーツとイベント',
  },
  59754: {
    en: 'Community and creators',
    es: 'Comunidad y creadores',
    pt: 'Comunidade e criadores',
    de: 'Community und Creator',
    fr: 'Communauté et créateurs',
    it: 'Community e creator',
    pl: 'Społeczność i twórcy',
    tr: 'Topluluk ve içerik üreticileri',
    zh: '社群與創作者',
    th: 'คอมมูนิตี้และครีเอเตอร์',
    ru: 'Сообщество и авторы',
    nl: 'Community en makers',
    ja: 'コミュニティとクリエイター',
  },
  59752: {
    en: 'Game updates',
    es: 'Actualizaciones de juegos',
    pt: 'Atualizações de jogos',
    de: 'Spiel-Updates',
    fr: 'Mises à jour des jeux',
    it: 'Aggiornamenti dei giochi',
    pl: 'Aktualizacje gier',
    tr: 'Oyun güncellemeleri',
    zh: '遊戲更新',
    th: 'อัปเดตเกม',
    ru: 'Обновления игр',
    nl: 'Game-updates',
    ja: 'ゲームアップデート',
  },
  59750: {
    en: 'Mobile games',
    es: 'Juegos móviles',
    pt: 'Jogos para celular',
    de: 'Mobile Games',
    fr: 'Jeux mobiles',
    it: 'Giochi per dispositivi mobili',
    pl: 'Gry mobilne',
    tr: 'Mobil oyunlar',
    zh: '手機遊戲',
    th: 'เกมมือถือ',
    ru: 'Мобильные игры',
    nl: 'Mobiele games',
    ja: 'モバイルゲーム',
  },
  59759: {
    en: 'Store and merchandise',
    es: 'Tienda y productos',
    pt: 'Loja e produtos',
    de: 'Shop und Merchandise',
    fr: 'Boutique et produits dérivés',
    it: 'Negozio e merchandising',
    pl: 'Sklep i gadżety',
    tr: 'Mağaza ve ürünler',
    zh: '商店與周邊商品',
    th: 'ร้านค้าและสินค้า',
    ru: 'Магазин и мерч',
    nl: 'Winkel en merchandise',
    ja: 'ストアとグッズ',
  },
  59749: {
    en: 'News and special offers',
    es: 'Novedades y ofertas especiales',
    pt: 'Novidades e ofertas especiais',
    de: 'Neuigkeiten und Sonderangebote',
    fr: 'Actualités et offres spéciales',
    it: 'Novità e offerte speciali',
    pl: 'Nowości i oferty specjalne',
    tr: 'Haberler ve özel fırsatlar',
    zh: '最新消息與特別優惠',
    th: 'ข่าวสารและข้อเสนอพิเศษ',
    ru: 'Новости и специальные предложения',
    nl: 'Nieuws en speciale aanbiedingen',
    ja: 'ニュースと特別オファー',
  },
  50220: {
    en: 'Taiwan events',
    es: 'Eventos en Taiwán',
    pt: 'Eventos em Taiwan',
    de: 'Events in Taiwan',
    fr: 'Événements à Taïwan',
    it: 'Eventi a Taiwan',
    pl: 'Wydarzenia na Tajwanie',
    tr: 'Tayvan etkinlikleri',
    zh: '台灣活動',
    th: 'กิจกรรมในไต้หวัน',
    ru: 'События на Тайване',
    nl: 'Evenementen in Taiwan',
    ja: '台湾のイベント',
  },
  59767: {
    en: 'Taiwan community',
    es: 'Comunidad de Taiwán',
    pt: 'Comunidade de Taiwan',
    de: 'Community Taiwan',
    fr: 'Communauté de Taïwan',
    it: 'Community di Taiwan',
    pl: 'Społeczność z Tajwanu',
    tr: 'Tayvan topluluğu',
    zh: '台灣社群',
    th: 'คอมมูนิตี้ไต้หวัน',
    ru: 'Сообщество Тайваня',
    nl: 'Community in Taiwan',
    ja: '台湾コミュニティ',
  },
  50202: {
    en: 'Taiwan game news',
    es: 'Noticias de juegos de Taiwán',
    pt: 'Notícias de jogos de Taiwan',
    de: 'Spielenews aus Taiwan',
    fr: 'Actualités des jeux à Taïwan',
    it: 'Notizie sui giochi di Taiwan',
    pl: 'Wiadomości o grach z Tajwanu',
    tr: 'Tayvan oyun haberleri',
    zh: '台灣遊戲新聞',
    th: 'ข่าวเกมไต้หวัน',
    ru: 'Игровые новости Тайваня',
    nl: 'Gamenieuws uit Taiwan',
    ja: '台湾のゲームニュース',
  },
};
