/**
 * Emails of the ownership-verification cases (issue 13 part B,
 * docs/support-cases.md), in the player's language: the confirmation when a
 * case is stored, the decision (approved with a single-use reset link, or
 * rejected with the way to a new request), and the notice to the account's
 * own address when an approval sends the reset link elsewhere. The case
 * itself goes to the support mailbox in English (support-case-mail.ts).
 * Placeholders: {{reference}}, {{link}}, {{minutes}}; identical in every
 * locale (tests/unit/server/support-texts.test.ts).
 */
import type { Locale } from '../../src/i18n/locales';

export interface SupportTexts {
  receivedSubject: string;
  /** {{reference}} */
  receivedBody: string;
  approvedSubject: string;
  /** {{reference}}, {{minutes}}, {{link}} */
  approvedBody: string;
  rejectedSubject: string;
  /** {{reference}}, {{link}} */
  rejectedBody: string;
  accountNoticeSubject: string;
  /** {{reference}} */
  accountNoticeBody: string;
}

export const SUPPORT_TEXTS: Record<Locale, SupportTexts> = {
  en: {
    receivedSubject: 'We received your account recovery request ({{reference}})',
    receivedBody:
      'We received your request to recover a Lumenforge Account. Your reference number is {{reference}}.\n\nOur support team will review the details you sent and answer at this address, usually within 3 business days. Quote the reference number if you contact support.\n\nIf you did not make this request, you can ignore this email.',
    approvedSubject: 'Your account recovery request was approved ({{reference}})',
    approvedBody:
      'Support confirmed that the account of request {{reference}} is yours.\n\nSet a new password with this link. It works once and expires in {{minutes}} minutes:\n{{link}}\n\nThen sign in with the new password and add a verification method you can keep.',
    rejectedSubject: 'Your account recovery request could not be approved ({{reference}})',
    rejectedBody:
      'Support could not confirm from the details of request {{reference}} that the account is yours.\n\nYou can send a new request with more details, such as an order ID and its purchase date:\n{{link}}',
    accountNoticeSubject: 'Account recovery approved on your Lumenforge Account',
    accountNoticeBody:
      'Support approved a request to recover this account (reference {{reference}}) and sent a link to set a new password to the contact address given in the request.\n\nIf you did not ask for this, contact support right away and quote the reference.',
  },
  es: {
    receivedSubject: 'Recibimos tu solicitud de recuperación de cuenta ({{reference}})',
    receivedBody:
      'Recibimos tu solicitud para recuperar una Cuenta Lumenforge. Tu número de referencia es {{reference}}.\n\nNuestro equipo de soporte revisará los datos que enviaste y responderá a esta dirección, normalmente en 3 días hábiles. Indica el número de referencia si contactas a soporte.\n\nSi no hiciste esta solicitud, puedes ignorar este correo.',
    approvedSubject: 'Se aprobó tu solicitud de recuperación de cuenta ({{reference}})',
    approvedBody:
      'Soporte confirmó que la cuenta de la solicitud {{reference}} es tuya.\n\nCrea una nueva contraseña con este enlace. Funciona una sola vez y caduca en {{minutes}} minutos:\n{{link}}\n\nLuego inicia sesión con la nueva contraseña y agrega un método de verificación que puedas conservar.',
    rejectedSubject: 'No se pudo aprobar tu solicitud de recuperación de cuenta ({{reference}})',
    rejectedBody:
      'Con los datos de la solicitud {{reference}}, soporte no pudo confirmar que la cuenta es tuya.\n\nPuedes enviar una nueva solicitud con más datos, como un ID de pedido y su fecha de compra:\n{{link}}',
    accountNoticeSubject: 'Recuperación aprobada en tu Cuenta Lumenforge',
    accountNoticeBody:
      'Soporte aprobó una solicitud para recuperar esta cuenta (referencia {{reference}}) y envió un enlace para crear una nueva contraseña a la dirección de contacto indicada en la solicitud.\n\nSi no lo pediste tú, contacta a soporte de inmediato e indica la referencia.',
  },
  pt: {
    receivedSubject: 'Recebemos sua solicitação de recuperação de conta ({{reference}})',
    receivedBody:
      'Recebemos sua solicitação para recuperar uma Conta Lumenforge. Seu número de referência é {{reference}}.\n\nNossa equipe de suporte vai analisar os dados enviados e responder neste endereço, normalmente em até 3 dias úteis. Informe o número de referência se entrar em contato com o suporte.\n\nSe você não fez esta solicitação, ignore este e-mail.',
    approvedSubject: 'Sua solicitação de recuperação de conta foi aprovada ({{reference}})',
    approvedBody:
      'O suporte confirmou que a conta da solicitação {{reference}} é sua.\n\nCrie uma nova senha com este link. Ele funciona uma vez e expira em {{minutes}} minutos:\n{{link}}\n\nDepois, entre com a nova senha e adicione um método de verificação que você possa manter.',
    rejectedSubject: 'Não foi possível aprovar sua solicitação de recuperação de conta ({{reference}})',
    rejectedBody:
      'Com os dados da solicitação {{reference}}, o suporte não conseguiu confirmar que a conta é sua.\n\nVocê pode enviar uma nova solicitação com mais dados, como um ID de pedido e a data da compra:\n{{link}}',
    accountNoticeSubject: 'Recuperação aprovada na sua Conta Lumenforge',
    accountNoticeBody:
      'O suporte aprovou uma solicitação para recuperar esta conta (referência {{reference}}) e enviou um link para criar uma nova senha ao endereço de contato informado na solicitação.\n\nSe não foi você, entre em contato com o suporte imediatamente e informe a referência.',
  },
  de: {
    receivedSubject: 'Wir haben deine Anfrage zur Kontowiederherstellung erhalten ({{reference}})',
    receivedBody:
      'Wir haben deine Anfrage zur Wiederherstellung eines Lumenforge-Kontos erhalten. Deine Referenznummer lautet {{reference}}.\n\nUnser Support-Team prüft deine Angaben und antwortet an diese Adresse, meist innerhalb von 3 Werktagen. Gib die Referenznummer an, wenn du den Support kontaktierst.\n\nWenn du diese Anfrage nicht gestellt hast, kannst du diese E-Mail ignorieren.',
    approvedSubject: 'Deine Anfrage zur Kontowiederherstellung wurde genehmigt ({{reference}})',
    approvedBody:
      'Der Support hat bestätigt, dass das Konto der Anfrage {{reference}} dir gehört.\n\nLege mit diesem Link ein neues Passwort fest. Er funktioniert einmal und läuft in {{minutes}} Minuten ab:\n{{link}}\n\nMelde dich danach mit dem neuen Passwort an und richte eine Bestätigungsmethode ein, die du behalten kannst.',
    rejectedSubject: 'Deine Anfrage zur Kontowiederherstellung konnte nicht genehmigt werden ({{reference}})',
    rejectedBody:
      'Anhand der Angaben der Anfrage {{reference}} konnte der Support nicht bestätigen, dass das Konto dir gehört.\n\nDu kannst eine neue Anfrage mit mehr Angaben senden, etwa einer Bestellnummer und dem Kaufdatum:\n{{link}}',
    accountNoticeSubject: 'Kontowiederherstellung für dein Lumenforge-Konto genehmigt',
    accountNoticeBody:
      'Der Support hat eine Anfrage zur Wiederherstellung dieses Kontos genehmigt (Referenz {{reference}}) und einen Link zum Festlegen eines neuen Passworts an die in der Anfrage angegebene Kontaktadresse gesendet.\n\nWenn du das nicht warst, kontaktiere sofort den Support und gib die Referenz an.',
  },
  fr: {
    receivedSubject: 'Nous avons reçu votre demande de récupération de compte ({{reference}})',
    receivedBody:
      'Nous avons reçu votre demande de récupération d’un Compte Lumenforge. Votre numéro de référence est {{reference}}.\n\nNotre équipe d’assistance examinera les informations envoyées et répondra à cette adresse, généralement sous 3 jours ouvrés. Indiquez le numéro de référence si vous contactez l’assistance.\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
    approvedSubject: 'Votre demande de récupération de compte a été approuvée ({{reference}})',
    approvedBody:
      'L’assistance a confirmé que le compte de la demande {{reference}} vous appartient.\n\nDéfinissez un nouveau mot de passe avec ce lien. Il fonctionne une seule fois et expire dans {{minutes}} minutes :\n{{link}}\n\nConnectez-vous ensuite avec le nouveau mot de passe et ajoutez une méthode de vérification que vous pourrez conserver.',
    rejectedSubject: 'Votre demande de récupération de compte n’a pas pu être approuvée ({{reference}})',
    rejectedBody:
      'Avec les informations de la demande {{reference}}, l’assistance n’a pas pu confirmer que le compte vous appartient.\n\nVous pouvez envoyer une nouvelle demande avec plus d’informations, comme un numéro de commande et sa date d’achat :\n{{link}}',
    accountNoticeSubject: 'Récupération approuvée sur votre Compte Lumenforge',
    accountNoticeBody:
      'L’assistance a approuvé une demande de récupération de ce compte (référence {{reference}}) et envoyé un lien pour définir un nouveau mot de passe à l’adresse de contact indiquée dans la demande.\n\nSi vous n’êtes pas à l’origine de cette demande, contactez immédiatement l’assistance en indiquant la référence.',
  },
  it: {
    receivedSubject: 'Abbiamo ricevuto la tua richiesta di recupero dell’account ({{reference}})',
    receivedBody:
      'Abbiamo ricevuto la tua richiesta di recupero di un Account Lumenforge. Il tuo numero di riferimento è {{reference}}.\n\nIl nostro team di assistenza esaminerà i dati inviati e risponderà a questo indirizzo, di solito entro 3 giorni lavorativi. Indica il numero di riferimento se contatti l’assistenza.\n\nSe non hai fatto tu questa richiesta, ignora questa email.',
    approvedSubject: 'La tua richiesta di recupero dell’account è stata approvata ({{reference}})',
    approvedBody:
      'L’assistenza ha confermato che l’account della richiesta {{reference}} è tuo.\n\nImposta una nuova password con questo link. Funziona una sola volta e scade tra {{minutes}} minuti:\n{{link}}\n\nPoi accedi con la nuova password e aggiungi un metodo di verifica che puoi conservare.',
    rejectedSubject: 'Non è stato possibile approvare la tua richiesta di recupero dell’account ({{reference}})',
    rejectedBody:
      'Con i dati della richiesta {{reference}}, l’assistenza non ha potuto confermare che l’account è tuo.\n\nPuoi inviare una nuova richiesta con più dati, come un ID ordine e la relativa data di acquisto:\n{{link}}',
    accountNoticeSubject: 'Recupero approvato sul tuo Account Lumenforge',
    accountNoticeBody:
      'L’assistenza ha approvato una richiesta di recupero di questo account (riferimento {{reference}}) e ha inviato un link per impostare una nuova password all’indirizzo di contatto indicato nella richiesta.\n\nSe non sei stato tu, contatta subito l’assistenza indicando il riferimento.',
  },
  pl: {
    receivedSubject: 'Otrzymaliśmy Twoją prośbę o odzyskanie konta ({{reference}})',
    receivedBody:
      'Otrzymaliśmy Twoją prośbę o odzyskanie Konta Lumenforge. Twój numer referencyjny to {{reference}}.\n\nNasz zespół wsparcia sprawdzi przesłane dane i odpowie na ten adres, zwykle w ciągu 3 dni roboczych. Podaj numer referencyjny, jeśli kontaktujesz się ze wsparciem.\n\nJeśli to nie Ty wysłałeś tę prośbę, zignoruj tę wiadomość.',
    approvedSubject: 'Twoja prośba o odzyskanie konta została zatwierdzona ({{reference}})',
    approvedBody:
      'Wsparcie potwierdziło, że konto z prośby {{reference}} należy do Ciebie.\n\nUstaw nowe hasło za pomocą tego linku. Działa jeden raz i wygasa za {{minutes}} minut:\n{{link}}\n\nNastępnie zaloguj się nowym hasłem i dodaj metodę weryfikacji, którą zachowasz.',
    rejectedSubject: 'Nie udało się zatwierdzić Twojej prośby o odzyskanie konta ({{reference}})',
    rejectedBody:
      'Na podstawie danych z prośby {{reference}} wsparcie nie mogło potwierdzić, że konto należy do Ciebie.\n\nMożesz wysłać nową prośbę z dodatkowymi danymi, np. identyfikatorem zamówienia i datą zakupu:\n{{link}}',
    accountNoticeSubject: 'Zatwierdzono odzyskanie Twojego Konta Lumenforge',
    accountNoticeBody:
      'Wsparcie zatwierdziło prośbę o odzyskanie tego konta (numer {{reference}}) i wysłało link do ustawienia nowego hasła na adres kontaktowy podany w prośbie.\n\nJeśli to nie Ty, natychmiast skontaktuj się ze wsparciem i podaj numer referencyjny.',
  },
  tr: {
    receivedSubject: 'Hesap kurtarma talebini aldık ({{reference}})',
    receivedBody:
      'Bir Lumenforge Hesabını kurtarma talebini aldık. Referans numaran {{reference}}.\n\nDestek ekibimiz gönderdiğin bilgileri inceleyip bu adrese, genellikle 3 iş günü içinde yanıt verecek. Destekle iletişime geçersen referans numarasını belirt.\n\nBu talebi sen yapmadıysan bu e-postayı yok sayabilirsin.',
    approvedSubject: 'Hesap kurtarma talebin onaylandı ({{reference}})',
    approvedBody:
      'Destek ekibi {{reference}} numaralı talepteki hesabın sana ait olduğunu doğruladı.\n\nBu bağlantıyla yeni bir şifre belirle. Bağlantı bir kez çalışır ve {{minutes}} dakika içinde geçerliliğini yitirir:\n{{link}}\n\nArdından yeni şifrenle giriş yap ve elinde tutabileceğin bir doğrulama yöntemi ekle.',
    rejectedSubject: 'Hesap kurtarma talebin onaylanamadı ({{reference}})',
    rejectedBody:
      'Destek ekibi {{reference}} numaralı talepteki bilgilerle hesabın sana ait olduğunu doğrulayamadı.\n\nSipariş numarası ve satın alma tarihi gibi daha fazla bilgiyle yeni bir talep gönderebilirsin:\n{{link}}',
    accountNoticeSubject: 'Lumenforge Hesabın için hesap kurtarma onaylandı',
    accountNoticeBody:
      'Destek ekibi bu hesabı kurtarma talebini onayladı (referans {{reference}}) ve yeni şifre belirleme bağlantısını talepte verilen iletişim adresine gönderdi.\n\nBunu sen istemediysen hemen destekle iletişime geç ve referansı belirt.',
  },
  zh: {
    receivedSubject: '我們已收到你的帳號復原申請（{{reference}}）',
    receivedBody:
      '我們已收到你復原 Lumenforge 帳號的申請。你的案件編號為 {{reference}}。\n\n客服團隊會審查你提供的資料，並通常在 3 個工作天內回覆至此地址。聯絡客服時請提供案件編號。\n\n如果這不是你提出的申請，請忽略這封郵件。',
    approvedSubject: '你的帳號復原申請已核准（{{reference}}）',
    approvedBody:
      '客服已確認申請 {{reference}} 中的帳號屬於你。\n\n請使用此連結設定新密碼。連結只能使用一次，並於 {{minutes}} 分鐘後失效：\n{{link}}\n\n接著使用新密碼登入，並新增一個你能持續使用的驗證方式。',
    rejectedSubject: '你的帳號復原申請未獲核准（{{reference}}）',
    rejectedBody:
      '客服無法依據申請 {{reference}} 的資料確認該帳號屬於你。\n\n你可以提供更多資料（例如訂單編號及購買日期）重新提出申請：\n{{link}}',
    accountNoticeSubject: '你的 Lumenforge 帳號復原申請已核准',
    accountNoticeBody:
      '客服已核准復原此帳號的申請（案件編號 {{reference}}），並已將設定新密碼的連結寄至申請中填寫的聯絡地址。\n\n如果這不是你提出的，請立即聯絡客服並提供案件編號。',
  },
  th: {
    receivedSubject: 'เราได้รับคำขอกู้คืนบัญชีของคุณแล้ว ({{reference}})',
    receivedBody:
      'เราได้รับคำขอกู้คืนบัญชี Lumenforge ของคุณแล้ว หมายเลขอ้างอิงของคุณคือ {{reference}}\n\nทีมฝ่ายสนับสนุนจะตรวจสอบข้อมูลที่คุณส่งมาและตอบกลับไปยังที่อยู่นี้ โดยปกติภายใน 3 วันทำการ โปรดแจ้งหมายเลขอ้างอิงเมื่อติดต่อฝ่ายสนับสนุน\n\nหากคุณไม่ได้ส่งคำขอนี้ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้',
    approvedSubject: 'คำขอกู้คืนบัญชีของคุณได้รับการอนุมัติแล้ว ({{reference}})',
    approvedBody:
      'ฝ่ายสนับสนุนยืนยันแล้วว่าบัญชีในคำขอ {{reference}} เป็นของคุณ\n\nตั้งรหัสผ่านใหม่ด้วยลิงก์นี้ ลิงก์ใช้ได้ครั้งเดียวและจะหมดอายุใน {{minutes}} นาที:\n{{link}}\n\nจากนั้นเข้าสู่ระบบด้วยรหัสผ่านใหม่ และเพิ่มวิธียืนยันตัวตนที่คุณเก็บรักษาไว้ได้',
    rejectedSubject: 'ไม่สามารถอนุมัติคำขอกู้คืนบัญชีของคุณได้ ({{reference}})',
    rejectedBody:
      'จากข้อมูลในคำขอ {{reference}} ฝ่ายสนับสนุนไม่สามารถยืนยันได้ว่าบัญชีนี้เป็นของคุณ\n\nคุณสามารถส่งคำขอใหม่พร้อมข้อมูลเพิ่มเติม เช่น หมายเลขคำสั่งซื้อและวันที่ซื้อ:\n{{link}}',
    accountNoticeSubject: 'อนุมัติการกู้คืนบัญชี Lumenforge ของคุณแล้ว',
    accountNoticeBody:
      'ฝ่ายสนับสนุนอนุมัติคำขอกู้คืนบัญชีนี้ (หมายเลขอ้างอิง {{reference}}) และส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปยังที่อยู่ติดต่อที่ระบุในคำขอแล้ว\n\nหากคุณไม่ได้ขอ โปรดติดต่อฝ่ายสนับสนุนทันทีและแจ้งหมายเลขอ้างอิง',
  },
  ru: {
    receivedSubject: 'Мы получили ваш запрос на восстановление аккаунта ({{reference}})',
    receivedBody:
      'Мы получили ваш запрос на восстановление аккаунта Lumenforge. Номер обращения: {{reference}}.\n\nСлужба поддержки проверит отправленные данные и ответит на этот адрес, обычно в течение 3 рабочих дней. Указывайте номер обращения, если связываетесь с поддержкой.\n\nЕсли вы не отправляли этот запрос, просто проигнорируйте письмо.',
    approvedSubject: 'Ваш запрос на восстановление аккаунта одобрен ({{reference}})',
    approvedBody:
      'Служба поддержки подтвердила, что аккаунт из обращения {{reference}} принадлежит вам.\n\nЗадайте новый пароль по этой ссылке. Она работает один раз и истекает через {{minutes}} мин.:\n{{link}}\n\nЗатем войдите с новым паролем и добавьте способ подтверждения, который останется у вас.',
    rejectedSubject: 'Не удалось одобрить ваш запрос на восстановление аккаунта ({{reference}})',
    rejectedBody:
      'По данным обращения {{reference}} служба поддержки не смогла подтвердить, что аккаунт принадлежит вам.\n\nВы можете отправить новый запрос с дополнительными данными, например номером заказа и датой покупки:\n{{link}}',
    accountNoticeSubject: 'Восстановление аккаунта Lumenforge одобрено',
    accountNoticeBody:
      'Служба поддержки одобрила запрос на восстановление этого аккаунта (обращение {{reference}}) и отправила ссылку для установки нового пароля на контактный адрес, указанный в запросе.\n\nЕсли это были не вы, немедленно свяжитесь с поддержкой и укажите номер обращения.',
  },
  nl: {
    receivedSubject: 'We hebben je verzoek om accountherstel ontvangen ({{reference}})',
    receivedBody:
      'We hebben je verzoek ontvangen om een Lumenforge-account te herstellen. Je referentienummer is {{reference}}.\n\nOns supportteam bekijkt de gegevens die je stuurde en antwoordt op dit adres, meestal binnen 3 werkdagen. Vermeld het referentienummer als je contact opneemt met support.\n\nHeb je dit verzoek niet gedaan, dan kun je deze e-mail negeren.',
    approvedSubject: 'Je verzoek om accountherstel is goedgekeurd ({{reference}})',
    approvedBody:
      'Support heeft bevestigd dat het account van verzoek {{reference}} van jou is.\n\nStel met deze link een nieuw wachtwoord in. De link werkt één keer en verloopt over {{minutes}} minuten:\n{{link}}\n\nLog daarna in met het nieuwe wachtwoord en voeg een verificatiemethode toe die je kunt houden.',
    rejectedSubject: 'Je verzoek om accountherstel kon niet worden goedgekeurd ({{reference}})',
    rejectedBody:
      'Met de gegevens van verzoek {{reference}} kon support niet bevestigen dat het account van jou is.\n\nJe kunt een nieuw verzoek sturen met meer gegevens, zoals een bestelnummer en de aankoopdatum:\n{{link}}',
    accountNoticeSubject: 'Accountherstel goedgekeurd voor je Lumenforge-account',
    accountNoticeBody:
      'Support heeft een verzoek om dit account te herstellen goedgekeurd (referentie {{reference}}) en een link om een nieuw wachtwoord in te stellen gestuurd naar het contactadres uit het verzoek.\n\nHeb jij dit niet gevraagd, neem dan meteen contact op met support en vermeld de referentie.',
  },
  ja: {
    receivedSubject: 'アカウント復旧のリクエストを受け付けました（{{reference}}）',
    receivedBody:
      'Lumenforge アカウントの復旧リクエストを受け付けました。受付番号は {{reference}} です。\n\nサポートチームが送信内容を確認し、通常 3 営業日以内にこのアドレスへご連絡します。サポートにお問い合わせの際は受付番号をお伝えください。\n\nこのリクエストに心当たりがない場合は、このメールを無視してください。',
    approvedSubject: 'アカウント復旧のリクエストが承認されました（{{reference}}）',
    approvedBody:
      'サポートは、リクエスト {{reference}} のアカウントがあなたのものであることを確認しました。\n\nこのリンクから新しいパスワードを設定してください。リンクは 1 回のみ有効で、{{minutes}} 分後に期限切れになります：\n{{link}}\n\nその後、新しいパスワードでログインし、今後も使える認証方法を追加してください。',
    rejectedSubject: 'アカウント復旧のリクエストを承認できませんでした（{{reference}}）',
    rejectedBody:
      'リクエスト {{reference}} の内容では、アカウントがあなたのものであることをサポートで確認できませんでした。\n\n注文番号と購入日など、より詳しい情報を添えて新しいリクエストを送信できます：\n{{link}}',
    accountNoticeSubject: 'Lumenforge アカウントの復旧が承認されました',
    accountNoticeBody:
      'サポートはこのアカウントの復旧リクエスト（受付番号 {{reference}}）を承認し、新しいパスワードを設定するリンクをリクエストに記載された連絡先アドレスへ送信しました。\n\n心当たりがない場合は、すぐにサポートへ連絡し、受付番号をお伝えください。',
  },
};
