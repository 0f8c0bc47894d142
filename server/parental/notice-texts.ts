/**
 * The emails of parental controls (issue 14, docs/parental.md), in 13
 * locales: every change a parent makes or that happens to a child is emailed
 * to the parent, and a minor's terms consent code goes to the parent. The time
 * line and the "if this wasn't you" line are the security notices' own
 * (./texts.ts). Placeholders: {{card}} (brand-less: "card ending in 4242"),
 * {{phone}} (masked), {{child}} (the child's email), {{code}}, {{minutes}}.
 */
import type { Locale } from '../../src/i18n/locales';

export interface ParentalNoticeTexts {
  subject: string;
  /** {{last4}} */
  consentCard: string;
  /** {{phone}} */
  consentSms: string;
  controlsStarted: string;
  controlsDisabled: string;
  /** {{child}} */
  childAdded: string;
  childCreated: string;
  childDeactivated: string;
  childReactivated: string;
  childReleased: string;
  gameAccessReset: string;
  childSuspended: string;
  childTermsConsented: string;
  codeSubject: string;
  /** {{child}}, {{code}}, {{minutes}} */
  codeBody: string;
}

export type ParentalChange = Exclude<keyof ParentalNoticeTexts, 'subject' | 'codeSubject' | 'codeBody'>;

export const PARENTAL_NOTICE_TEXTS: Record<Locale, ParentalNoticeTexts> = {
  en: {
    subject: 'Parental controls changed on your Lumenforge Account',
    consentCard:
      'Parental consent was verified with the card ending in {{last4}}: $1.00 was charged and refunded at once.',
    consentSms: 'Parental consent was verified with the phone number {{phone}}.',
    controlsStarted: 'Parental controls setup was started on your account.',
    controlsDisabled: 'Parental controls were turned off on your account.',
    childAdded: 'The child account {{child}} was added to your family.',
    childCreated: 'The child account {{child}} was created in your family.',
    childDeactivated: 'The child account {{child}} was deactivated. Its sessions were ended.',
    childReactivated: 'The child account {{child}} was reactivated.',
    childReleased: 'The child account {{child}} was released from your family. Its restrictions were lifted.',
    gameAccessReset: 'Game access of the child account {{child}} was reset.',
    childSuspended:
      'The child account {{child}} was suspended after too many failed sign-ins. You can reactivate it in parental controls.',
    childTermsConsented:
      'Your consent to the current Terms of Use was recorded for the child account {{child}} with the code you received.',
    codeSubject: 'Your child needs your consent to the Lumenforge Terms of Use',
    codeBody:
      'The child account {{child}} is signing in and needs your consent to the current Terms of Use. Give your child this code: {{code}}. It expires in {{minutes}} minutes. If you did not expect this, ignore this email.',
  },
  es: {
    subject: 'Cambios en el control parental de tu Cuenta Lumenforge',
    consentCard:
      'El consentimiento parental se verificó con la tarjeta terminada en {{last4}}: se cobró 1,00 US$ y se reembolsó de inmediato.',
    consentSms: 'El consentimiento parental se verificó con el número de teléfono {{phone}}.',
    controlsStarted: 'Se inició la configuración del control parental en tu cuenta.',
    controlsDisabled: 'Se desactivó el control parental en tu cuenta.',
    childAdded: 'La cuenta infantil {{child}} se agregó a tu familia.',
    childCreated: 'La cuenta infantil {{child}} se creó en tu familia.',
    childDeactivated: 'La cuenta infantil {{child}} se desactivó. Se cerraron sus sesiones.',
    childReactivated: 'La cuenta infantil {{child}} se reactivó.',
    childReleased: 'La cuenta infantil {{child}} salió de tu familia. Se quitaron sus restricciones.',
    gameAccessReset: 'Se restableció el acceso a juegos de la cuenta infantil {{child}}.',
    childSuspended:
      'La cuenta infantil {{child}} se suspendió tras demasiados inicios de sesión fallidos. Puedes reactivarla en el control parental.',
    childTermsConsented:
      'Se registró tu consentimiento a los Términos de uso actuales para la cuenta infantil {{child}} con el código que recibiste.',
    codeSubject: 'Tu hijo o hija necesita tu consentimiento a los Términos de uso de Lumenforge',
    codeBody:
      'La cuenta infantil {{child}} está iniciando sesión y necesita tu consentimiento a los Términos de uso actuales. Dale este código: {{code}}. Caduca en {{minutes}} minutos. Si no lo esperabas, ignora este correo.',
  },
  pt: {
    subject: 'Controle dos pais alterado na sua Conta Lumenforge',
    consentCard:
      'O consentimento dos pais foi verificado com o cartão com final {{last4}}: US$ 1,00 foi cobrado e reembolsado na hora.',
    consentSms: 'O consentimento dos pais foi verificado com o número de telefone {{phone}}.',
    controlsStarted: 'A configuração do controle dos pais foi iniciada na sua conta.',
    controlsDisabled: 'O controle dos pais foi desativado na sua conta.',
    childAdded: 'A conta infantil {{child}} foi adicionada à sua família.',
    childCreated: 'A conta infantil {{child}} foi criada na sua família.',
    childDeactivated: 'A conta infantil {{child}} foi desativada. As sessões dela foram encerradas.',
    childReactivated: 'A conta infantil {{child}} foi reativada.',
    childReleased: 'A conta infantil {{child}} foi liberada da sua família. As restrições foram removidas.',
    gameAccessReset: 'O acesso a jogos da conta infantil {{child}} foi redefinido.',
    childSuspended:
      'A conta infantil {{child}} foi suspensa após muitas tentativas de login sem sucesso. Você pode reativá-la no controle dos pais.',
    childTermsConsented:
      'Seu consentimento aos Termos de Uso atuais foi registrado para a conta infantil {{child}} com o código que você recebeu.',
    codeSubject: 'Seu filho precisa do seu consentimento aos Termos de Uso da Lumenforge',
    codeBody:
      'A conta infantil {{child}} está entrando e precisa do seu consentimento aos Termos de Uso atuais. Passe este código para a criança: {{code}}. Ele expira em {{minutes}} minutos. Se você não esperava isso, ignore este e-mail.',
  },
  de: {
    subject: 'Kindersicherung deines Lumenforge-Kontos geändert',
    consentCard:
      'Die elterliche Zustimmung wurde mit der Karte mit den Endziffern {{last4}} bestätigt: 1,00 $ wurde belastet und sofort erstattet.',
    consentSms: 'Die elterliche Zustimmung wurde mit der Telefonnummer {{phone}} bestätigt.',
    controlsStarted: 'Die Einrichtung der Kindersicherung wurde für dein Konto gestartet.',
    controlsDisabled: 'Die Kindersicherung wurde für dein Konto ausgeschaltet.',
    childAdded: 'Das Kinderkonto {{child}} wurde deiner Familie hinzugefügt.',
    childCreated: 'Das Kinderkonto {{child}} wurde in deiner Familie erstellt.',
    childDeactivated: 'Das Kinderkonto {{child}} wurde deaktiviert. Seine Sitzungen wurden beendet.',
    childReactivated: 'Das Kinderkonto {{child}} wurde wieder aktiviert.',
    childReleased:
      'Das Kinderkonto {{child}} wurde aus deiner Familie entlassen. Seine Einschränkungen wurden aufgehoben.',
    gameAccessReset: 'Der Spielezugang des Kinderkontos {{child}} wurde zurückgesetzt.',
    childSuspended:
      'Das Kinderkonto {{child}} wurde nach zu vielen fehlgeschlagenen Anmeldungen gesperrt. Du kannst es in der Kindersicherung wieder aktivieren.',
    childTermsConsented:
      'Deine Zustimmung zu den aktuellen Nutzungsbedingungen wurde für das Kinderkonto {{child}} mit dem erhaltenen Code erfasst.',
    codeSubject: 'Dein Kind braucht deine Zustimmung zu den Nutzungsbedingungen von Lumenforge',
    codeBody:
      'Das Kinderkonto {{child}} meldet sich an und braucht deine Zustimmung zu den aktuellen Nutzungsbedingungen. Gib deinem Kind diesen Code: {{code}}. Er läuft in {{minutes}} Minuten ab. Wenn du das nicht erwartet hast, ignoriere diese E-Mail.',
  },
  fr: {
    subject: 'Contrôle parental modifié sur votre Compte Lumenforge',
    consentCard:
      'Le consentement parental a été vérifié avec la carte se terminant par {{last4}} : 1,00 $ a été débité puis remboursé aussitôt.',
    consentSms: 'Le consentement parental a été vérifié avec le numéro de téléphone {{phone}}.',
    controlsStarted: 'La configuration du contrôle parental a commencé sur votre compte.',
    controlsDisabled: 'Le contrôle parental a été désactivé sur votre compte.',
    childAdded: 'Le compte enfant {{child}} a été ajouté à votre famille.',
    childCreated: 'Le compte enfant {{child}} a été créé dans votre famille.',
    childDeactivated: 'Le compte enfant {{child}} a été désactivé. Ses sessions ont été fermées.',
    childReactivated: 'Le compte enfant {{child}} a été réactivé.',
    childReleased: 'Le compte enfant {{child}} a quitté votre famille. Ses restrictions ont été levées.',
    gameAccessReset: 'L’accès aux jeux du compte enfant {{child}} a été réinitialisé.',
    childSuspended:
      'Le compte enfant {{child}} a été suspendu après trop de connexions échouées. Vous pouvez le réactiver dans le contrôle parental.',
    childTermsConsented:
      'Votre consentement aux Conditions d’utilisation actuelles a été enregistré pour le compte enfant {{child}} avec le code reçu.',
    codeSubject: 'Votre enfant a besoin de votre consentement aux Conditions d’utilisation de Lumenforge',
    codeBody:
      'Le compte enfant {{child}} se connecte et a besoin de votre consentement aux Conditions d’utilisation actuelles. Donnez-lui ce code : {{code}}. Il expire dans {{minutes}} minutes. Si vous ne vous y attendiez pas, ignorez cet e-mail.',
  },
  it: {
    subject: 'Controllo genitori modificato sul tuo Account Lumenforge',
    consentCard:
      'Il consenso dei genitori è stato verificato con la carta che termina con {{last4}}: è stato addebitato 1,00 $ e rimborsato subito.',
    consentSms: 'Il consenso dei genitori è stato verificato con il numero di telefono {{phone}}.',
    controlsStarted: 'La configurazione del controllo genitori è stata avviata sul tuo account.',
    controlsDisabled: 'Il controllo genitori è stato disattivato sul tuo account.',
    childAdded: 'L’account per minori {{child}} è stato aggiunto alla tua famiglia.',
    childCreated: 'L’account per minori {{child}} è stato creato nella tua famiglia.',
    childDeactivated: 'L’account per minori {{child}} è stato disattivato. Le sue sessioni sono state chiuse.',
    childReactivated: 'L’account per minori {{child}} è stato riattivato.',
    childReleased: 'L’account per minori {{child}} è uscito dalla tua famiglia. Le sue restrizioni sono state rimosse.',
    gameAccessReset: 'L’accesso ai giochi dell’account per minori {{child}} è stato reimpostato.',
    childSuspended:
      'L’account per minori {{child}} è stato sospeso dopo troppi accessi non riusciti. Puoi riattivarlo nel controllo genitori.',
    childTermsConsented:
      'Il tuo consenso ai Termini di utilizzo attuali è stato registrato per l’account per minori {{child}} con il codice ricevuto.',
    codeSubject: 'Tuo figlio ha bisogno del tuo consenso ai Termini di utilizzo di Lumenforge',
    codeBody:
      'L’account per minori {{child}} sta accedendo e ha bisogno del tuo consenso ai Termini di utilizzo attuali. Dai questo codice a tuo figlio: {{code}}. Scade tra {{minutes}} minuti. Se non te lo aspettavi, ignora questa email.',
  },
  pl: {
    subject: 'Zmiana kontroli rodzicielskiej na Twoim Koncie Lumenforge',
    consentCard: 'Zgoda rodzica została potwierdzona kartą z końcówką {{last4}}: pobrano 1,00 USD i od razu zwrócono.',
    consentSms: 'Zgoda rodzica została potwierdzona numerem telefonu {{phone}}.',
    controlsStarted: 'Rozpoczęto konfigurację kontroli rodzicielskiej na Twoim koncie.',
    controlsDisabled: 'Kontrola rodzicielska na Twoim koncie została wyłączona.',
    childAdded: 'Konto dziecka {{child}} zostało dodane do Twojej rodziny.',
    childCreated: 'Konto dziecka {{child}} zostało utworzone w Twojej rodzinie.',
    childDeactivated: 'Konto dziecka {{child}} zostało dezaktywowane. Jego sesje zostały zakończone.',
    childReactivated: 'Konto dziecka {{child}} zostało ponownie aktywowane.',
    childReleased: 'Konto dziecka {{child}} zostało zwolnione z Twojej rodziny. Jego ograniczenia zostały zniesione.',
    gameAccessReset: 'Dostęp do gier konta dziecka {{child}} został zresetowany.',
    childSuspended:
      'Konto dziecka {{child}} zostało zawieszone po zbyt wielu nieudanych logowaniach. Możesz je ponownie aktywować w kontroli rodzicielskiej.',
    childTermsConsented:
      'Twoja zgoda na aktualne Warunki korzystania została zapisana dla konta dziecka {{child}} przy użyciu otrzymanego kodu.',
    codeSubject: 'Twoje dziecko potrzebuje Twojej zgody na Warunki korzystania Lumenforge',
    codeBody:
      'Konto dziecka {{child}} loguje się i potrzebuje Twojej zgody na aktualne Warunki korzystania. Podaj dziecku ten kod: {{code}}. Wygaśnie za {{minutes}} min. Jeśli się tego nie spodziewasz, zignoruj tę wiadomość.',
  },
  tr: {
    subject: 'Lumenforge Hesabınızın ebeveyn denetimleri değişti',
    consentCard:
      'Ebeveyn onayı, son dört hanesi {{last4}} olan kartla doğrulandı: 1,00 $ tahsil edildi ve hemen iade edildi.',
    consentSms: 'Ebeveyn onayı {{phone}} telefon numarasıyla doğrulandı.',
    controlsStarted: 'Hesabınızda ebeveyn denetimleri kurulumu başlatıldı.',
    controlsDisabled: 'Hesabınızda ebeveyn denetimleri kapatıldı.',
    childAdded: '{{child}} çocuk hesabı ailenize eklendi.',
    childCreated: '{{child}} çocuk hesabı ailenizde oluşturuldu.',
    childDeactivated: '{{child}} çocuk hesabı devre dışı bırakıldı. Oturumları sonlandırıldı.',
    childReactivated: '{{child}} çocuk hesabı yeniden etkinleştirildi.',
    childReleased: '{{child}} çocuk hesabı ailenizden çıkarıldı. Kısıtlamaları kaldırıldı.',
    gameAccessReset: '{{child}} çocuk hesabının oyun erişimi sıfırlandı.',
    childSuspended:
      '{{child}} çocuk hesabı çok fazla başarısız girişten sonra askıya alındı. Ebeveyn denetimlerinden yeniden etkinleştirebilirsiniz.',
    childTermsConsented:
      'Aldığınız kodla {{child}} çocuk hesabı için güncel Kullanım Koşullarına verdiğiniz onay kaydedildi.',
    codeSubject: 'Çocuğunuzun Lumenforge Kullanım Koşulları için onayınıza ihtiyacı var',
    codeBody:
      '{{child}} çocuk hesabı giriş yapıyor ve güncel Kullanım Koşulları için onayınıza ihtiyaç duyuyor. Çocuğunuza bu kodu verin: {{code}}. Kodun süresi {{minutes}} dakika içinde dolar. Bunu beklemiyorsanız bu e-postayı yok sayın.',
  },
  zh: {
    subject: '你的 Lumenforge 帳號家長監護已變更',
    consentCard: '已使用末四碼 {{last4}} 的卡片驗證家長同意：已扣款 1.00 美元並立即退款。',
    consentSms: '已使用電話號碼 {{phone}} 驗證家長同意。',
    controlsStarted: '你的帳號已開始設定家長監護。',
    controlsDisabled: '你的帳號已關閉家長監護。',
    childAdded: '兒童帳號 {{child}} 已加入你的家庭。',
    childCreated: '已在你的家庭中建立兒童帳號 {{child}}。',
    childDeactivated: '兒童帳號 {{child}} 已停用，其工作階段已結束。',
    childReactivated: '兒童帳號 {{child}} 已重新啟用。',
    childReleased: '兒童帳號 {{child}} 已從你的家庭中解除，其限制已取消。',
    gameAccessReset: '兒童帳號 {{child}} 的遊戲存取權已重設。',
    childSuspended: '兒童帳號 {{child}} 因登入失敗次數過多而遭停權。你可以在家長監護中重新啟用。',
    childTermsConsented: '已使用你收到的代碼，為兒童帳號 {{child}} 記錄你對目前使用條款的同意。',
    codeSubject: '你的孩子需要你同意 Lumenforge 使用條款',
    codeBody:
      '兒童帳號 {{child}} 正在登入，需要你同意目前的使用條款。請將此代碼交給孩子：{{code}}。代碼將在 {{minutes}} 分鐘後失效。若你未預期此郵件，請忽略。',
  },
  th: {
    subject: 'การควบคุมโดยผู้ปกครองในบัญชี Lumenforge ของคุณมีการเปลี่ยนแปลง',
    consentCard: 'ยืนยันความยินยอมของผู้ปกครองด้วยบัตรที่ลงท้ายด้วย {{last4}} แล้ว: เรียกเก็บ 1.00 ดอลลาร์และคืนเงินทันที',
    consentSms: 'ยืนยันความยินยอมของผู้ปกครองด้วยหมายเลขโทรศัพท์ {{phone}} แล้ว',
    controlsStarted: 'เริ่มตั้งค่าการควบคุมโดยผู้ปกครองในบัญชีของคุณแล้ว',
    controlsDisabled: 'ปิดการควบคุมโดยผู้ปกครองในบัญชีของคุณแล้ว',
    childAdded: 'เพิ่มบัญชีเด็ก {{child}} เข้าในครอบครัวของคุณแล้ว',
    childCreated: 'สร้างบัญชีเด็ก {{child}} ในครอบครัวของคุณแล้ว',
    childDeactivated: 'ปิดใช้งานบัญชีเด็ก {{child}} แล้ว และสิ้นสุดเซสชันทั้งหมดแล้ว',
    childReactivated: 'เปิดใช้งานบัญชีเด็ก {{child}} อีกครั้งแล้ว',
    childReleased: 'ปล่อยบัญชีเด็ก {{child}} ออกจากครอบครัวของคุณแล้ว และยกเลิกข้อจำกัดแล้ว',
    gameAccessReset: 'รีเซ็ตสิทธิ์เข้าถึงเกมของบัญชีเด็ก {{child}} แล้ว',
    childSuspended: 'บัญชีเด็ก {{child}} ถูกระงับหลังจากลงชื่อเข้าใช้ไม่สำเร็จหลายครั้งเกินไป คุณเปิดใช้งานอีกครั้งได้ในการควบคุมโดยผู้ปกครอง',
    childTermsConsented: 'บันทึกความยินยอมของคุณต่อข้อกำหนดการใช้งานปัจจุบันสำหรับบัญชีเด็ก {{child}} ด้วยรหัสที่คุณได้รับแล้ว',
    codeSubject: 'บุตรของคุณต้องการความยินยอมของคุณต่อข้อกำหนดการใช้งาน Lumenforge',
    codeBody:
      'บัญชีเด็ก {{child}} กำลังลงชื่อเข้าใช้และต้องการความยินยอมของคุณต่อข้อกำหนดการใช้งานปัจจุบัน ให้รหัสนี้แก่บุตรของคุณ: {{code}} รหัสจะหมดอายุใน {{minutes}} นาที หากคุณไม่ได้คาดว่าจะได้รับอีเมลนี้ โปรดละเว้น',
  },
  ru: {
    subject: 'Родительский контроль в вашем аккаунте Lumenforge изменён',
    consentCard:
      'Согласие родителя подтверждено картой с последними цифрами {{last4}}: списано 1,00 $ и сразу возвращено.',
    consentSms: 'Согласие родителя подтверждено номером телефона {{phone}}.',
    controlsStarted: 'В вашем аккаунте начата настройка родительского контроля.',
    controlsDisabled: 'Родительский контроль в вашем аккаунте отключён.',
    childAdded: 'Детский аккаунт {{child}} добавлен в вашу семью.',
    childCreated: 'Детский аккаунт {{child}} создан в вашей семье.',
    childDeactivated: 'Детский аккаунт {{child}} деактивирован. Его сеансы завершены.',
    childReactivated: 'Детский аккаунт {{child}} снова активирован.',
    childReleased: 'Детский аккаунт {{child}} исключён из вашей семьи. Его ограничения сняты.',
    gameAccessReset: 'Доступ к играм для детского аккаунта {{child}} сброшен.',
    childSuspended:
      'Детский аккаунт {{child}} заблокирован после слишком многих неудачных входов. Вы можете снова активировать его в родительском контроле.',
    childTermsConsented:
      'Ваше согласие с действующими Условиями использования для детского аккаунта {{child}} записано по полученному коду.',
    codeSubject: 'Вашему ребёнку нужно ваше согласие с Условиями использования Lumenforge',
    codeBody:
      'Детский аккаунт {{child}} выполняет вход, и ему нужно ваше согласие с действующими Условиями использования. Сообщите ребёнку этот код: {{code}}. Он действует {{minutes}} мин. Если вы этого не ожидали, просто проигнорируйте письмо.',
  },
  nl: {
    subject: 'Ouderlijk toezicht van je Lumenforge-account gewijzigd',
    consentCard:
      'Ouderlijke toestemming is bevestigd met de kaart eindigend op {{last4}}: $ 1,00 is afgeschreven en direct terugbetaald.',
    consentSms: 'Ouderlijke toestemming is bevestigd met het telefoonnummer {{phone}}.',
    controlsStarted: 'Het instellen van ouderlijk toezicht is gestart op je account.',
    controlsDisabled: 'Ouderlijk toezicht is uitgeschakeld op je account.',
    childAdded: 'Het kinderaccount {{child}} is aan je gezin toegevoegd.',
    childCreated: 'Het kinderaccount {{child}} is in je gezin aangemaakt.',
    childDeactivated: 'Het kinderaccount {{child}} is gedeactiveerd. De sessies ervan zijn beëindigd.',
    childReactivated: 'Het kinderaccount {{child}} is opnieuw geactiveerd.',
    childReleased: 'Het kinderaccount {{child}} is uit je gezin vrijgegeven. De beperkingen zijn opgeheven.',
    gameAccessReset: 'De toegang tot games van het kinderaccount {{child}} is opnieuw ingesteld.',
    childSuspended:
      'Het kinderaccount {{child}} is geblokkeerd na te veel mislukte aanmeldingen. Je kunt het opnieuw activeren bij ouderlijk toezicht.',
    childTermsConsented:
      'Je toestemming voor de huidige Gebruiksvoorwaarden is vastgelegd voor het kinderaccount {{child}} met de ontvangen code.',
    codeSubject: 'Je kind heeft je toestemming nodig voor de Gebruiksvoorwaarden van Lumenforge',
    codeBody:
      'Het kinderaccount {{child}} meldt zich aan en heeft je toestemming nodig voor de huidige Gebruiksvoorwaarden. Geef je kind deze code: {{code}}. Hij verloopt over {{minutes}} minuten. Had je dit niet verwacht, negeer deze e-mail dan.',
  },
  ja: {
    subject: 'Lumenforge アカウントのペアレンタルコントロールが変更されました',
    consentCard: '末尾 {{last4}} のカードで保護者の同意を確認しました：1.00 ドルを請求し、すぐに返金しました。',
    consentSms: '電話番号 {{phone}} で保護者の同意を確認しました。',
    controlsStarted: 'アカウントでペアレンタルコントロールの設定が開始されました。',
    controlsDisabled: 'アカウントのペアレンタルコントロールがオフになりました。',
    childAdded: '子どものアカウント {{child}} がファミリーに追加されました。',
    childCreated: '子どものアカウント {{child}} がファミリーに作成されました。',
    childDeactivated: '子どものアカウント {{child}} が無効になりました。セッションは終了しました。',
    childReactivated: '子どものアカウント {{child}} が再度有効になりました。',
    childReleased: '子どものアカウント {{child}} がファミリーから解除され、制限がなくなりました。',
    gameAccessReset: '子どものアカウント {{child}} のゲームアクセスがリセットされました。',
    childSuspended:
      '子どものアカウント {{child}} はサインインの失敗が多すぎたため停止されました。ペアレンタルコントロールで再度有効にできます。',
    childTermsConsented:
      '受け取ったコードにより、子どものアカウント {{child}} について現在の利用規約への同意が記録されました。',
    codeSubject: 'お子さまが Lumenforge 利用規約への保護者の同意を必要としています',
    codeBody:
      '子どものアカウント {{child}} がサインイン中で、現在の利用規約への保護者の同意が必要です。このコードをお子さまに伝えてください：{{code}}。有効期限は {{minutes}} 分です。心当たりがない場合は、このメールを無視してください。',
  },
};
